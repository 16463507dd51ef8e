import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { button, container, visuallyHidden } from "../styles/utilities.css";
import * as styles from "./layout.css";

// The spec's footer columns (their headings are the spec's), each link to a real page.
const COLUMNS = [
  {
    title: "Category",
    links: [
      ["Cameras", "/products/camera"],
      ["Lenses", "/products/camera%20lens"],
      ["Tripods", "/products/tripod"],
      ["All categories", "/?categories=all#categories-heading"],
    ],
  },
  {
    title: "Apples",
    links: [
      ["Our story", "/about"],
      ["Blog", "/blog"],
      ["How it works", "/#how-heading"],
    ],
  },
  {
    title: "Cherry",
    links: [
      ["Help centre", "/help"],
      ["Buyer protection", "/buyer-protection"],
      ["Contact us", "/contact"],
    ],
  },
  {
    title: "Business",
    links: [
      ["Sell with us", "/register"],
      ["Terms", "/terms"],
      ["Privacy", "/privacy"],
    ],
  },
] as const;

const SOCIAL = [
  {
    label: "Pay&Buy on Facebook",
    path: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.4V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6Z",
  },
  {
    label: "Pay&Buy on Instagram",
    path: "M12 7.5A4.5 4.5 0 1 0 12 16.5 4.5 4.5 0 0 0 12 7.5Zm0 7.3a2.8 2.8 0 1 1 0-5.6 2.8 2.8 0 0 1 0 5.6ZM17.3 5.6a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 1.8a3.7 3.7 0 0 0-3.7 3.7v9a3.7 3.7 0 0 0 3.7 3.7h9a3.7 3.7 0 0 0 3.7-3.7v-9a3.7 3.7 0 0 0-3.7-3.7h-9Z",
  },
  {
    label: "Pay&Buy on YouTube",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z",
  },
] as const;

/**
 * With JavaScript the page is not reloaded after Subscribe: empty the field once the server has
 * confirmed (a success toast), keep it after a refusal so the address can be corrected.
 */
function useResetAfterSubscribe(succeeded: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formAction === "/subscribe") {
      submitting.current = true;
    } else if (navigation.state === "idle" && submitting.current) {
      submitting.current = false;
      if (succeeded) form.current?.reset();
    }
  }, [navigation.state, navigation.formAction, succeeded]);
  return form;
}

export function SiteFooter({ year, subscribed }: { year: number; subscribed: boolean }) {
  const subscribeForm = useResetAfterSubscribe(subscribed);
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.footerGrid}>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`}>{column.title}</h2>
              <ul className={styles.footerList}>
                {column.links.map(([label, to]) => (
                  <li key={label}>
                    <Link to={to}>{label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section className={styles.subscribe} aria-labelledby="footer-subscribe">
            <h2 id="footer-subscribe">Subscribe</h2>
            <p>News about fresh listings and safe trading, at most once a month.</p>
            <Form method="post" action="/subscribe" className={styles.subscribeRow} ref={subscribeForm}>
              <label htmlFor="subscribe-email" className={visuallyHidden}>
                Email address
              </label>
              <input
                id="subscribe-email"
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder="you@example.com"
                className={styles.subscribeInput}
              />
              <button type="submit" className={button.primary}>
                Subscribe
              </button>
            </Form>
          </section>
        </div>
        <div className={styles.footerBottom}>
          <p>Copyright © {year} Pay&amp;Buy. All rights reserved.</p>
          <ul className={styles.social}>
            {SOCIAL.map((item) => (
              <li key={item.label}>
                <Link to="/" className={styles.socialLink} aria-label={item.label}>
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                    <path fill="currentColor" d={item.path} />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
