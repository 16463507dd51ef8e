import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { OffersTable } from "#app/components/offers-table";
import { listOffers } from "#app/domain/deals/offers/offer-reads.server";
import { BUYER_OFFERS_PATH } from "#app/domain/deals/offers/paths";
import { readListQuery } from "#app/domain/shared/list-query";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { requireFormData } from "#app/server/http.server";
import { postOfferStep } from "#app/utils/offer-actions.server";
import { toOfferRow } from "#app/utils/offer-list.server";
import { listBack, pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Offers", "Your offers on listings: answer a counter, withdraw, or pay an accepted one.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = readListQuery(new URL(request.url).searchParams);
  // The offers are read with the session's read: one D1 round trip (ADR 0040, 0069).
  const { user, data } = await requireRoleWith(request, context, ["buyer"], (viewer) =>
    listOffers(database(context.env.DB), "buyer", viewer.id, page),
  );
  const list = pageOrLast(data, BUYER_OFFERS_PATH, { page });
  const now = Date.now();
  const zone = zoneTable(user.timeZone);
  return { offers: { ...list, rows: list.rows.map((offer) => toOfferRow(offer, "buyer", zone, now)) } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  return postOfferStep(request, context, form, "buyer", listBack(request, BUYER_OFFERS_PATH, { search: false }));
}

export default function MyOffers() {
  const { offers } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="My Offers">
      <OffersTable pathname={BUYER_OFFERS_PATH} list={offers} side="buyer" />
    </DashboardPage>
  );
}
