import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "../components/content-page";
import { CONDITION_GUIDE, help } from "../content/trust";
import { grid } from "../styles/utilities.css";
import { originFrom, publicPageMeta } from "../utils/seo";
import * as styles from "./content.css";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({ title: help.title, description: help.description, origin: originFrom(matches), path: help.path });

/** The help centre, starting with what the three conditions of a listing mean. */
export default function Help() {
  return (
    <ContentPage page={help}>
      <section aria-labelledby="conditions" className={styles.part}>
        <h2 id="conditions">Conditions: Excellent, Good, Fair</h2>
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
