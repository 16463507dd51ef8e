import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "../components/content-page";
import { privacy } from "../content/trust";
import { originFrom, publicPageMeta } from "../utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: privacy.title,
    description: privacy.description,
    origin: originFrom(matches),
    path: privacy.path,
  });

export default function Page() {
  return <ContentPage page={privacy} />;
}
