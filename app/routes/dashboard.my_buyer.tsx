import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { listSales } from "#app/domain/deals/bookings/sales.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { SHIPMENT_STATUS_SELLER_WORDS, SHIPMENT_STATUS_SHORT } from "#app/domain/deals/shipping/shipment-words";
import { formatDay, zoneWords } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { formatMoney } from "#app/domain/shared/money";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { NOT_FOUND } from "#app/utils/format";
import { listingPath } from "#app/utils/listing-urls";
import { pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { useCurrency } from "#app/utils/use-currency";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Buyers", "The buyers who paid for your products on Pay&Buy.");

const PATH = "/dashboard/my_buyer";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = readListQuery(new URL(request.url).searchParams);
  // The sales travel with the session's read: one D1 round trip (ADR 0040, 0069).
  const { data: sales } = await requireRoleWith(request, context, ["seller"], (viewer) =>
    listSales(database(context.env.DB), viewer.id, page),
  );
  return { sales: pageOrLast(sales, PATH, { page }) };
}

export default function MyBuyers() {
  const zone = useZone();
  const currency = useCurrency();
  const { sales } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="My Buyers">
      <PagedTable
        pathname={PATH}
        list={sales}
        rowKey={(sale) => sale.id}
        // Eleven columns since the item, the shipping and the total stand apart: cards below 76 rem.
        wide="widest"
        region="my-buyers"
        empty="You don't have any buyer"
        caption={`The buyers who paid for your products, newest first. Dates are in ${zoneWords(zone)}.`}
        columns={[
          { header: "Buyer Name", kind: "name", cell: (sale) => sale.buyerName || NOT_FOUND },
          { header: "Buyer Email", cell: (sale) => sale.buyerEmail || NOT_FOUND },
          {
            header: "Product Name",
            cell: (sale) =>
              sale.listed ? (
                <Link to={listingPath(sale.productId)}>{sale.productName || NOT_FOUND}</Link>
              ) : (
                sale.productName || NOT_FOUND
              ),
          },
          // The item's price as the buyer's My Orders shows it, and the shipping beside it: one
          // meaning for a price on both sides of the deal (ADR 0100).
          {
            header: "Item Price",
            className: table.amount,
            cell: (sale) => formatMoney(sale.amountCents - sale.shippingCents, currency),
          },
          {
            header: "Shipping",
            className: table.amount,
            cell: (sale) => (sale.shippingCents > 0 ? formatMoney(sale.shippingCents, currency) : "None"),
          },
          { header: "Buyer Paid", className: table.amount, cell: (sale) => formatMoney(sale.amountCents, currency) },
          {
            header: "Payment Date",
            className: table.nowrap,
            cell: (sale) => formatDay(sale.paidAt, zone),
          },
          {
            header: "Payment Transaction Id",
            label: "Transaction Id",
            className: table.mono,
            cell: (sale) => sale.transactionId,
          },
          {
            header: "Delivery",
            cell: (sale) =>
              sale.shipmentStatus ? (
                <Link
                  to={shipmentPath(sale.bookingId)}
                  aria-label={`Shipment: ${sale.productName || NOT_FOUND}, ${SHIPMENT_STATUS_SELLER_WORDS[sale.shipmentStatus]}`}
                >
                  {SHIPMENT_STATUS_SHORT[sale.shipmentStatus]}
                </Link>
              ) : (
                "Meetup"
              ),
          },
          {
            header: "Messages",
            cell: (sale) => (
              <Link
                to={`${MESSAGES_PATH}/${sale.bookingId}`}
                aria-label={`Message buyer: ${sale.buyerName || NOT_FOUND}, ${sale.productName || NOT_FOUND}`}
              >
                Message buyer
              </Link>
            ),
          },
        ]}
      />
    </DashboardPage>
  );
}
