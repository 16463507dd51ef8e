import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog";
import { DashboardPage } from "#app/components/dashboard-page";
import { Pager, SearchForm } from "#app/components/list-controls";
import * as table from "#app/components/table.css";
import { ADMIN_MESSAGES, accountsReads, deleteAccount, findAccount } from "#app/domain/accounts/admin-users.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { CANCELLED_PROCESS } from "#app/utils/messages";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy All Buyers", "The buyers registered on Pay&Buy, for administrators.");

const PATH = "/dashboard/all_buyers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  // The list travels with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["admin"], () => accountsReads(db, "buyer", query));
  const buyers = toPageOf(results, query.page);
  if (query.page > buyers.pageCount) throw redirect(listHref(PATH, { ...query, page: buyers.pageCount }));
  const confirmId = url.searchParams.get("confirm") === "delete" ? url.searchParams.get("id") : null;
  const confirming = confirmId ? await findAccount(db, "buyer", confirmId.slice(0, 100)) : null;
  return { buyers, query, confirming };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const back = listHref(PATH, readListQuery(new URL(request.url).searchParams));
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return redirectWithError(context, back, CANCELLED_PROCESS);
  if (intent !== "delete") throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const buyerId = idSchema.safeParse(form.get("buyerId"));
  if (!buyerId.success) return redirectWithError(context, back, ADMIN_MESSAGES.noSuchBuyer);
  const result = await deleteAccount(database(context.env.DB), "buyer", buyerId.data);
  return redirectWithResult(context, back, result);
}

export default function AllBuyers() {
  const { buyers, query, confirming } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="All Buyers">
      <SearchForm pathname={PATH} label="Search buyers by name or email" q={query.q} />
      {buyers.rows.length === 0 ? (
        <p className={table.empty}>{query.q ? `No buyer matches “${query.q}”.` : "There is no buyer"}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className={table.caption}>
              {query.q ? `Buyers matching “${query.q}”` : "Buyers, newest first"} ({buyers.total})
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Buyer Name</th>
                <th scope="col">Buyer Email</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {buyers.rows.map((buyer, index) => (
                <tr key={buyer.id}>
                  <td data-label="Index">{(buyers.page - 1) * buyers.pageSize + index + 1}</td>
                  <th scope="row">{buyer.name || "Name not found"}</th>
                  <td data-label="Buyer Email">{buyer.email || "Email not found"}</td>
                  <td className={table.actions}>
                    <Link
                      to={listHref(PATH, query, { confirm: "delete", id: buyer.id })}
                      className={button.danger}
                      preventScrollReset
                      aria-label={`Delete: ${buyer.name}`}
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
      <Pager pathname={PATH} q={query.q} page={buyers.page} pageCount={buyers.pageCount} />
      {confirming ? (
        <ConfirmDialog
          title="Delete Confirmation"
          question={`Do you want to delete the buyer ${confirming.name || "Name not found"} (${confirming.email})?`}
          confirmIntent="delete"
          cancelIntent="keep"
          fields={{ buyerId: confirming.id }}
        />
      ) : null}
    </DashboardPage>
  );
}
