import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "#app/components/content-page";
import { buyerProtection } from "#app/content/trust";
import { originFrom, publicPageMeta } from "#app/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: buyerProtection.title,
    description: buyerProtection.description,
    origin: originFrom(matches),
    path: buyerProtection.path,
  });

export default function Page() {
  return <ContentPage page={buyerProtection} />;
}
