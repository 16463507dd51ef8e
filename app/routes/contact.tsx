import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { ContentPage } from "#app/components/content-page";
import * as styles from "#app/components/content-page.css";
import { readStaticContent } from "#app/server/static-content.server";
import { originFrom, publicPageMeta, siteOrigin } from "#app/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta({
        title: data.contact.title,
        description: data.contact.description,
        origin: originFrom(matches),
        path: data.contact.path,
      })
    : [];

/** The page's text (from the static assets, ADR 0084) and the support address: SUPPORT_EMAIL, or support@ the site's own host name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SUPPORT_EMAIL, APP_URL } = context.env.settings;
  return {
    contact: await readStaticContent(context.env.ASSETS, "contact"),
    email: SUPPORT_EMAIL ?? `support@${new URL(siteOrigin(request, APP_URL)).hostname}`,
  };
}

export default function Contact() {
  const { contact, email } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={contact}>
      <p className={styles.contactCard}>
        <span>Write to us at</span>
        <a href={`mailto:${email}`}>
          <strong>{email}</strong>
        </a>
        <span>
          Before you write, the <Link to="/help">Help</Link> and <Link to="/buyer-protection">Buyer protection</Link>{" "}
          pages may already have the answer.
        </span>
      </p>
    </ContentPage>
  );
}
