import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentPage } from "#app/components/content-page";
import * as styles from "#app/components/content-page.css";
import { contact } from "#app/content/trust";
import { originFrom, publicPageMeta, siteOrigin } from "#app/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: contact.title,
    description: contact.description,
    origin: originFrom(matches),
    path: contact.path,
  });

/** The support address: SUPPORT_EMAIL, or support@ the site's own host name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SUPPORT_EMAIL, APP_URL } = context.env.settings;
  return { email: SUPPORT_EMAIL ?? `support@${new URL(siteOrigin(request, APP_URL)).hostname}` };
}

export default function Contact() {
  const { email } = useLoaderData<typeof loader>();
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
