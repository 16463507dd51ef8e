import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog";
import { DashboardPage } from "#app/components/dashboard-page";
import { Pager, SearchForm } from "#app/components/list-controls";
import { SellerRating } from "#app/components/product-card";
import * as table from "#app/components/table.css";
import {
  ADMIN_MESSAGES,
  accountsReads,
  deleteAccount,
  findAccount,
  verifySeller,
} from "#app/domain/accounts/admin-users.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { CANCELLED_PROCESS } from "#app/utils/messages";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy All Sellers", "The sellers registered on Pay&Buy, for administrators: verify or remove them.");

const PATH = "/dashboard/all_sellers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  // The list travels with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["admin"], () => accountsReads(db, "seller", query));
  const sellers = toPageOf(results, query.page);
  if (query.page > sellers.pageCount) throw redirect(listHref(PATH, { ...query, page: sellers.pageCount }));
  const confirmId = url.searchParams.get("confirm") === "delete" ? url.searchParams.get("id") : null;
  const confirming = confirmId ? await findAccount(db, "seller", confirmId.slice(0, 100)) : null;
  return { sellers, query, confirming };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const back = listHref(PATH, readListQuery(new URL(request.url).searchParams));
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return redirectWithError(context, back, CANCELLED_PROCESS);
  if (intent !== "verify" && intent !== "delete") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  const sellerId = idSchema.safeParse(form.get("sellerId"));
  if (!sellerId.success) return redirectWithError(context, back, ADMIN_MESSAGES.noSuchSeller);
  const db = database(context.env.DB);
  if (intent === "verify") {
    const result = await verifySeller(db, { id: sellerId.data });
    if (result.ok) await publishFromRoute(context, result.events);
    return redirectWithResult(context, back, result, ADMIN_MESSAGES.verified);
  }
  const result = await deleteAccount(db, "seller", sellerId.data);
  return redirectWithResult(context, back, result);
}

export default function AllSellers() {
  const { sellers, query, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PATH, query);
  return (
    <DashboardPage title="All Sellers">
      <SearchForm pathname={PATH} label="Search sellers by name or email" q={query.q} />
      {sellers.rows.length === 0 ? (
        <p className={table.empty}>{query.q ? `No seller matches “${query.q}”.` : "There is no seller"}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className={table.caption}>
              {query.q ? `Sellers matching “${query.q}”` : "Sellers, newest first"} ({sellers.total})
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Seller Name</th>
                <th scope="col">Seller Email</th>
                <th scope="col">Seller Verification</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {sellers.rows.map((seller, index) => (
                <tr key={seller.id}>
                  <td data-label="Index">{(sellers.page - 1) * sellers.pageSize + index + 1}</td>
                  <th scope="row">
                    {seller.name || "Name not found"}{" "}
                    <SellerRating average={seller.sellerRatingAverage} count={seller.sellerRatingCount} />
                  </th>
                  <td data-label="Seller Email">{seller.email || "Email not found"}</td>
                  <td data-label="Seller Verification">
                    {seller.verifiedAt ? (
                      <span className={styles.verified}>Verified</span>
                    ) : (
                      <Form method="post" action={here} preventScrollReset>
                        <input type="hidden" name="intent" value="verify" />
                        <input type="hidden" name="sellerId" value={seller.id} />
                        <button type="submit" className={button.secondary} aria-label={`Verification: ${seller.name}`}>
                          Verification
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className={table.actions}>
                    <Link
                      to={listHref(PATH, query, { confirm: "delete", id: seller.id })}
                      className={button.danger}
                      preventScrollReset
                      aria-label={`Delete: ${seller.name}`}
                    >
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pathname={PATH} q={query.q} page={sellers.page} pageCount={sellers.pageCount} />
      {confirming ? (
        <ConfirmDialog
          title="Delete Confirmation"
          question={`Do you want to delete the seller ${confirming.name || "Name not found"} (${confirming.email})?`}
          confirmIntent="delete"
          cancelIntent="keep"
          fields={{ sellerId: confirming.id }}
        />
      ) : null}
    </DashboardPage>
  );
}
