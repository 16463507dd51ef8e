import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "#app/components/content-page";
import { privacy } from "#app/content/trust";
import { originFrom, publicPageMeta } from "#app/utils/seo";

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
