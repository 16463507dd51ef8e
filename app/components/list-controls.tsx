import { Form, Link } from "react-router";
import { SEARCH_MAX } from "#app/domain/shared/list-query";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import * as formStyles from "./forms.css";
import * as styles from "./list-controls.css";

/** A plain GET search form: the query lives in the URL, so it works without JavaScript. */
export function SearchForm({ pathname, label, q }: { pathname: string; label: string; q?: string }) {
  return (
    <Form method="get" action={pathname} role="search" className={styles.search}>
      <label htmlFor="list-search" className={formStyles.label}>
        {label}
      </label>
      <div className={styles.searchRow}>
        <input
          key={q ?? ""}
          id="list-search"
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={SEARCH_MAX}
          className={`${formStyles.input} ${styles.searchInput}`}
        />
        <button type="submit" className={button.secondary}>
          Search
        </button>
        {q ? (
          <Link to={pathname} className={button.ghost}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Previous / Next links that keep the search (all of it, when the page gives `hrefFor`). */
export function Pager({
  pathname,
  q,
  page,
  pageCount,
  capped = false,
  hrefFor,
}: {
  pathname: string;
  q?: string;
  page: number;
  pageCount: number;
  /** The total was capped (ADR 0035): the last page is unknown, so it is not named. */
  capped?: boolean;
  hrefFor?: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const href = hrefFor ?? ((to: number) => listHref(pathname, { q, page: to }));
  return (
    <nav aria-label="Pages" className={styles.pager}>
      {page > 1 ? (
        <Link to={href(page - 1)} className={button.ghost} rel="prev">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">{capped ? `Page ${page}` : `Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={button.ghost} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
