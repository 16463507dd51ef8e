import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "../components/content-page";
import { buyerProtection } from "../content/trust";
import { originFrom, publicPageMeta } from "../utils/seo";

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
