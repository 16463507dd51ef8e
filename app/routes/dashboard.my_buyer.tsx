import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import { Pager } from "#app/components/list-controls";
import * as table from "#app/components/table.css";
import { MESSAGES_PATH } from "#app/domain/accounts/dashboard-tabs";
import { salesReads } from "#app/domain/deals/sales.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import { formatDayMonthYear, formatPrice, NOT_FOUND } from "#app/utils/format";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Buyers", "The buyers who paid for your products on Pay&Buy.");

const PATH = "/dashboard/my_buyer";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = readListQuery(new URL(request.url).searchParams);
  // The sales travel with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["seller"], (sellerId) =>
    salesReads(database(context.env.DB), sellerId, page),
  );
  const sales = toPageOf(results, page);
  if (page > sales.pageCount) throw redirect(listHref(PATH, { page: sales.pageCount }));
  return { sales };
}

export default function MyBuyers() {
  const { sales } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="My Buyers">
      {sales.rows.length === 0 ? (
        <p className={table.empty}>You don&apos;t have any buyer</p>
      ) : (
        <div className={`${table.wrap} ${table.wide}`} role="region" aria-labelledby="my-buyers-caption" tabIndex={0}>
          <table className={table.table}>
            <caption id="my-buyers-caption" className={table.caption}>
              The buyers who paid for your products, newest first. Dates are in UTC.
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Buyer Name</th>
                <th scope="col">Buyer Email</th>
                <th scope="col">Product Name</th>
                <th scope="col">Product Price</th>
                <th scope="col">Payment Date</th>
                <th scope="col">Payment Transaction Id</th>
                <th scope="col">Messages</th>
              </tr>
            </thead>
            <tbody>
              {sales.rows.map((sale, index) => (
                <tr key={sale.id}>
                  <td data-label="Index">{(sales.page - 1) * sales.pageSize + index + 1}</td>
                  <th scope="row">{sale.buyerName || NOT_FOUND}</th>
                  <td data-label="Buyer Email">{sale.buyerEmail || NOT_FOUND}</td>
                  <td data-label="Product Name">
                    {sale.listed ? (
                      <Link to={listingPath(sale.productId)}>{sale.productName || NOT_FOUND}</Link>
                    ) : (
                      sale.productName || NOT_FOUND
                    )}
                  </td>
                  <td data-label="Product Price" className={table.nowrap}>
                    {formatPrice(sale.amountCents)}
                  </td>
                  <td data-label="Payment Date" className={table.nowrap}>
                    {formatDayMonthYear(sale.paidAt, "-")}
                  </td>
                  <td data-label="Transaction Id" className={table.mono}>
                    {sale.transactionId}
                  </td>
                  <td data-label="Messages">
                    <Link
                      to={`${MESSAGES_PATH}/${sale.bookingId}`}
                      aria-label={`Message buyer: ${sale.buyerName || NOT_FOUND}, ${sale.productName || NOT_FOUND}`}
                    >
                      Message buyer
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pathname={PATH} page={sales.page} pageCount={sales.pageCount} />
    </DashboardPage>
  );
}
