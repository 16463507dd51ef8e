// The saved searches on the settings page (ADR 0062): each opens its search, and can be renamed,
// have its emails turned off or on, or be deleted, each a plain POST to its own action of the
// settings page (ADR 0071). A name the action refused comes back at its field, as typed.
import { Form, Link } from "react-router";
import * as formStyles from "#app/components/forms.css";
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_NAME_MAX } from "#app/domain/alerts/saved-search-schema";
import { button, visuallyHidden } from "#app/styles/utilities.css";
import { SETTINGS_ACTIONS } from "#app/utils/settings-urls";
import { ErrorList } from "./forms";
import * as styles from "./saved-search-list.css";

export interface SavedSearchItem {
  id: string;
  name: string;
  href: string;
  emails: boolean;
}

/** A rename the action refused: which search, the name as typed, and why. */
export interface RefusedRename {
  id: string;
  name: string;
  errors: string[];
}

export function SavedSearchList({ searches, refused }: { searches: SavedSearchItem[]; refused?: RefusedRename }) {
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
        {searches.map((search) => {
          const rename = refused?.id === search.id ? refused : undefined;
          const errorId = `saved-search-${search.id}-errors`;
          return (
            <li key={search.id} className={styles.item}>
              <p className={styles.head}>
                <Link to={search.href}>{search.name}</Link>
                <span className={styles.state}>{search.emails ? "Emails on" : "Emails off"}</span>
              </p>
              <Form method="post" action={SETTINGS_ACTIONS.renameSavedSearch} className={styles.rename}>
                <input type="hidden" name="id" value={search.id} />
                <label htmlFor={`saved-search-${search.id}`} className={formStyles.label}>
                  {`Name of “${search.name}”`}
                </label>
                <span className={styles.row}>
                  <input
                    id={`saved-search-${search.id}`}
                    name="name"
                    defaultValue={rename ? rename.name : search.name}
                    aria-invalid={rename ? true : undefined}
                    aria-describedby={rename ? errorId : undefined}
                    required
                    maxLength={SAVED_SEARCH_NAME_MAX}
                    className={formStyles.input}
                  />
                  <button type="submit" className={button.secondary}>
                    Rename
                  </button>
                </span>
                <ErrorList id={errorId} errors={rename?.errors} />
              </Form>
              <div className={styles.row}>
                <Form method="post" action={SETTINGS_ACTIONS.savedSearchEmails}>
                  <input type="hidden" name="id" value={search.id} />
                  <input type="hidden" name="emails" value={search.emails ? "off" : "on"} />
                  <button type="submit" className={button.secondary}>
                    {search.emails ? "Turn emails off" : "Turn emails on"}
                    <span className={visuallyHidden}>{` for “${search.name}”`}</span>
                  </button>
                </Form>
                <Form method="post" action={SETTINGS_ACTIONS.deleteSavedSearch}>
                  <input type="hidden" name="id" value={search.id} />
                  <button type="submit" className={button.ghost}>
                    Delete<span className={visuallyHidden}>{` “${search.name}”`}</span>
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
