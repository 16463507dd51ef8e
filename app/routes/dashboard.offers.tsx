import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { OffersTable } from "#app/components/offers-table";
import { listOffers } from "#app/domain/deals/offers/offer-reads.server";
import { SELLER_OFFERS_PATH } from "#app/domain/deals/offers/paths";
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
  pageMeta("Pay&Buy Offers", "Buyers' offers on your listings: accept, decline or counter them.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = readListQuery(new URL(request.url).searchParams);
  // The offers are read with the session's read: one D1 round trip (ADR 0040, 0069).
  const { user, data } = await requireRoleWith(request, context, ["seller"], (viewer) =>
    listOffers(database(context.env.DB), "seller", viewer.id, page),
  );
  const list = pageOrLast(data, SELLER_OFFERS_PATH, { page });
  const now = Date.now();
  const zone = zoneTable(user.timeZone);
  return { offers: { ...list, rows: list.rows.map((offer) => toOfferRow(offer, "seller", zone, now)) } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  return postOfferStep(request, context, form, "seller", listBack(request, SELLER_OFFERS_PATH, { search: false }));
}

export default function SellerOffers() {
  const { offers } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="Offers">
      <OffersTable pathname={SELLER_OFFERS_PATH} list={offers} side="seller" />
    </DashboardPage>
  );
}
