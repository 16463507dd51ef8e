import { Form, Link, NavLink } from "react-router";
import { SEARCH_TEXT_MAX } from "#app/domain/catalog/search-terms";
import { button, container, visuallyHidden } from "#app/styles/utilities.css";
import type { SessionUser } from "#app/utils/session.server";
import { Icon } from "./icon";
import * as styles from "./layout.css";

const LINKS = [
  { to: "/home", label: "Home" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/dashboard", label: "Dashboard" },
] as const;

function NavItems({ user }: { user: Pick<SessionUser, "role"> | null }) {
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

export function SiteHeader({ user }: { user: Pick<SessionUser, "role"> | null }) {
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.headerInner}`}>
        <Link to="/" className={styles.logo} aria-label="Pay&Buy, go to the home page">
          <Icon name="logo" size={28} className={styles.logoMark} />
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
            <Icon name="search" size={18} />
          </button>
        </Form>
        <nav aria-label="Main" className={styles.desktopNav}>
          <NavItems user={user} />
        </nav>
        <details className={styles.mobileMenu}>
          <summary className={styles.menuButton} aria-label="Menu">
            <Icon name="menu" size={22} />
          </summary>
          <nav aria-label="Menu" className={styles.menuPanel}>
            <NavItems user={user} />
          </nav>
        </details>
      </div>
    </header>
  );
}
