import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { button, container, visuallyHidden } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
import { Icon } from "./icon";
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
    icon: "facebook",
  },
  {
    label: "Pay&Buy on Instagram",
    icon: "instagram",
  },
  {
    label: "Pay&Buy on YouTube",
    icon: "youtube",
  },
] as const;

/**
 * With JavaScript the page is not reloaded after Subscribe: empty the field once the server has
 * confirmed (a success toast), keep it after a refusal so the address can be corrected.
 */
function useResetAfterSubscribe(succeeded: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const pending = useIsPending({ formAction: "/subscribe", state: "non-idle" });
  const submitting = useRef(false);
  useEffect(() => {
    if (pending) {
      submitting.current = true;
    } else if (submitting.current) {
      submitting.current = false;
      if (succeeded) form.current?.reset();
    }
  }, [pending, succeeded]);
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
                  <Icon name={item.icon} size={20} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
