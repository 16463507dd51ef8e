import { Form, Link, NavLink } from "@remix-run/react";
import { SEARCH_TEXT_MAX } from "../domain/search-terms";
import { button, container, visuallyHidden } from "../styles/utilities.css";
import type { SessionUser } from "../utils/session.server";
import * as styles from "./layout.css";

const LINKS = [
  { to: "/home", label: "Home" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/dashboard", label: "Dashboard" },
] as const;

function NavItems({ user }: { user: Pick<SessionUser, "name"> | null }) {
  return (
    <ul className={styles.navList}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={styles.navLink} prefetch="intent">
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        {user ? (
          <Form method="post" action="/logout" className={styles.inlineForm}>
            <button type="submit" className={button.secondary}>
              Logout
            </button>
          </Form>
        ) : (
          <Link to="/login" className={button.primary}>
            Login
          </Link>
        )}
      </li>
    </ul>
  );
}

export function SiteHeader({ user }: { user: Pick<SessionUser, "name"> | null }) {
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.headerInner}`}>
        <Link to="/" className={styles.logo} aria-label="Pay&Buy, go to the home page">
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" className={styles.logoMark}>
            <path
              fill="currentColor"
              d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
            />
          </svg>
          Pay&amp;Buy
        </Link>
        <Form method="get" action="/search" role="search" aria-label="Site" className={styles.headerSearch}>
          <label htmlFor="header-search" className={visuallyHidden}>
            Search gear
          </label>
          <input
            id="header-search"
            type="search"
            name="q"
            placeholder="Search gear"
            maxLength={SEARCH_TEXT_MAX}
            className={styles.headerSearchInput}
          />
          <button type="submit" className={styles.headerSearchButton} aria-label="Search listings">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
              />
            </svg>
          </button>
        </Form>
        <nav aria-label="Main" className={styles.desktopNav}>
          <NavItems user={user} />
        </nav>
        <details className={styles.mobileMenu}>
          <summary className={styles.menuButton} aria-label="Menu">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
          </summary>
          <nav aria-label="Menu" className={styles.menuPanel}>
            <NavItems user={user} />
          </nav>
        </details>
      </div>
    </header>
  );
}
