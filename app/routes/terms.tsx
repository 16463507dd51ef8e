import type { MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "#app/components/content-page";
import { terms } from "#app/content/trust";
import { originFrom, publicPageMeta } from "#app/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: terms.title,
    description: terms.description,
    origin: originFrom(matches),
    path: terms.path,
  });

export default function Page() {
  return <ContentPage page={terms} />;
}
