// "Email me new matches" on the search page (ADR 0062): a plain POST of the search as the page
// read it and a name to /saved-searches, which answers back on the search; signed out, a link to sign in and come back to the same search.
import { Form, Link } from "react-router";
import * as formStyles from "#app/components/forms.css";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/alerts/saved-search-schema";
import { button } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
import * as styles from "./save-search-form.css";

/** Where a search is saved: its own path, so the edge cache knows it changes nothing public. */
export const SAVE_SEARCH_PATH = "/saved-searches";

export function SaveSearchForm({
  signedIn,
  back,
  search,
  name,
}: {
  signedIn: boolean;
  /** The page's own address: where signing in comes back to. */
  back: string;
  /** The search as the page read it (its query string). */
  search: string;
  name: string;
}) {
  const saving = useIsPending({ intent: "save-search" });
  if (!signedIn) {
    return (
      <p className={styles.box}>
        <Link to={`/login?${new URLSearchParams({ redirectTo: back })}`}>Sign in</Link> to get an email when new
        listings match this search.
      </p>
    );
  }
  return (
    <Form method="post" action={SAVE_SEARCH_PATH} className={styles.box} aria-labelledby="save-search-title">
      <h2 id="save-search-title" className={styles.title}>
        Email me new matches
      </h2>
      <input type="hidden" name="intent" value="save-search" />
      <input type="hidden" name="search" value={search} />
      <div className={styles.row}>
        <div className={formStyles.field}>
          <label htmlFor="save-search-name" className={formStyles.label}>
            Name of this search
          </label>
          <input
            id="save-search-name"
            name="name"
            defaultValue={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
            className={formStyles.input}
          />
        </div>
        <button type="submit" className={button.secondary} disabled={saving}>
          Email me new matches
        </button>
      </div>
      <p className={formStyles.hint}>At most one email a day. Rename or delete saved searches in Settings.</p>
    </Form>
  );
}
