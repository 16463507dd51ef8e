import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { ContentPage } from "#app/components/content-page";
import * as styles from "#app/components/content-page.css";
import { CONDITION_GUIDE } from "#app/domain/catalog/conditions";
import { listOfChoices } from "#app/domain/shared/choices";
import { readStaticContent } from "#app/server/static-content.server";
import { grid } from "#app/styles/utilities.css";
import { originFrom, publicPageMeta } from "#app/utils/seo";
import { CONDITIONS } from "#db/closed-lists";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta({
        title: data.help.title,
        description: data.help.description,
        origin: originFrom(matches),
        path: data.help.path,
      })
    : [];

/** The page's text, from the static assets (ADR 0084). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { help: await readStaticContent(context.env.ASSETS, "help") };
}

/** The help centre, starting with what the three conditions of a listing mean. */
export default function Help() {
  const { help } = useLoaderData<typeof loader>();
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
