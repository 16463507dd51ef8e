import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { ContentPage } from "#app/components/content-page";
import { readStaticContent } from "#app/server/static-content.server";
import { originFrom, publicPageMeta } from "#app/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? publicPageMeta({
        title: data.page.title,
        description: data.page.description,
        origin: originFrom(matches),
        path: data.page.path,
      })
    : [];

/** The page's text, from the static assets (ADR 0084). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { page: await readStaticContent(context.env.ASSETS, "buyer-protection") };
}

export default function Page() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
