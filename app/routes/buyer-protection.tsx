import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { ContentPage } from "#app/components/content-page";
import { dayCount, PROTECTION_TOKENS } from "#app/domain/deals/claims/protection-words";
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

/**
 * The page's text, from the static assets (ADR 0084), with the settings it names put in: the days
 * of the protection window and the hours a booking holds an item (ADR 0099).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const page = await readStaticContent(context.env.ASSETS, "buyer-protection");
  const { BUYER_PROTECTION_DAYS, BOOKING_HOLD_HOURS } = context.env.settings;
  const fill = (text: string) =>
    text
      .replaceAll(PROTECTION_TOKENS.days, dayCount(BUYER_PROTECTION_DAYS))
      .replaceAll(PROTECTION_TOKENS.hold, `${BOOKING_HOLD_HOURS} ${BOOKING_HOLD_HOURS === 1 ? "hour" : "hours"}`);
  return {
    page: {
      ...page,
      intro: fill(page.intro),
      description: fill(page.description),
      sections: page.sections.map((part) => ({
        ...part,
        paragraphs: part.paragraphs.map(fill),
        points: part.points?.map(fill),
      })),
    },
  };
}

export default function Page() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
