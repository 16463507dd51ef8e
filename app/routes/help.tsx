import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "#app/components/content-page";
import * as styles from "#app/components/content-page.css";
import { help } from "#app/content/trust";
import { CONDITION_GUIDE } from "#app/domain/catalog/conditions";
import { listOfChoices } from "#app/domain/shared/choices";
import { grid } from "#app/styles/utilities.css";
import { originFrom, publicPageMeta } from "#app/utils/seo";
import { CONDITIONS } from "#db/closed-lists";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({ title: help.title, description: help.description, origin: originFrom(matches), path: help.path });

/** The help centre, starting with what the three conditions of a listing mean. */
export default function Help() {
  return (
    <ContentPage page={help}>
      <section aria-labelledby="conditions" className={styles.part}>
        <h2 id="conditions">Conditions: {listOfChoices(CONDITIONS, "and")}</h2>
        <ul className={`${grid} ${styles.conditions}`}>
          {CONDITION_GUIDE.map((condition) => (
            <li key={condition.name} className={styles.condition}>
              <h3>{condition.name}</h3>
              <p>
                <strong>{condition.summary}</strong>
              </p>
              <p>{condition.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
