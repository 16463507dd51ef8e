// The saved searches on the settings page (ADR 0062): each opens its search, and can be renamed,
// have its emails turned off or on, or be deleted, each a plain POST of the settings page.
import { Form, Link } from "@remix-run/react";
import * as formStyles from "#app/components/forms.css";
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_NAME_MAX } from "#app/domain/alerts/saved-search-schema";
import { button, visuallyHidden } from "#app/styles/utilities.css";
import * as styles from "./saved-search-list.css";

export interface SavedSearchItem {
  id: string;
  name: string;
  href: string;
  emails: boolean;
}

export function SavedSearchList({ searches }: { searches: SavedSearchItem[] }) {
  if (searches.length === 0) {
    return (
      <p>
        You have no saved search. <Link to="/search">Search</Link>, then choose “Email me new matches” to be told of new
        listings that match, at most once a day.
      </p>
    );
  }
  return (
    <>
      <p>{`New listings that match these searches are emailed to you at most once a day (${searches.length} of ${SAVED_SEARCH_LIMIT}).`}</p>
      <ul className={styles.list}>
        {searches.map((search) => (
          <li key={search.id} className={styles.item}>
            <p className={styles.head}>
              <Link to={search.href}>{search.name}</Link>
              <span className={styles.state}>{search.emails ? "Emails on" : "Emails off"}</span>
            </p>
            <Form method="post" className={styles.rename}>
              <input type="hidden" name="intent" value="saved-search-rename" />
              <input type="hidden" name="id" value={search.id} />
              <label htmlFor={`saved-search-${search.id}`} className={formStyles.label}>
                {`Name of “${search.name}”`}
              </label>
              <span className={styles.row}>
                <input
                  id={`saved-search-${search.id}`}
                  name="name"
                  defaultValue={search.name}
                  required
                  maxLength={SAVED_SEARCH_NAME_MAX}
                  className={formStyles.input}
                />
                <button type="submit" className={button.secondary}>
                  Rename
                </button>
              </span>
            </Form>
            <div className={styles.row}>
              <Form method="post">
                <input type="hidden" name="intent" value="saved-search-emails" />
                <input type="hidden" name="id" value={search.id} />
                <input type="hidden" name="emails" value={search.emails ? "off" : "on"} />
                <button type="submit" className={button.secondary}>
                  {search.emails ? "Turn emails off" : "Turn emails on"}
                  <span className={visuallyHidden}>{` for “${search.name}”`}</span>
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="saved-search-delete" />
                <input type="hidden" name="id" value={search.id} />
                <button type="submit" className={button.ghost}>
                  Delete<span className={visuallyHidden}>{` “${search.name}”`}</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
