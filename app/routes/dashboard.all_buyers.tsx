import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { deleteAccountColumn, deleteAccountConfirmation } from "#app/components/account-rows";
import { DashboardPage } from "#app/components/dashboard-page";
import { PagedTable } from "#app/components/paged-table";
import { ADMIN_MESSAGES, accountsReads, deleteAccount, findAccount } from "#app/domain/accounts/admin-users.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "#app/utils/paged-list.server";
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
  const buyers = pageOrLast(toPageOf(results, query.page), PATH, query);
  const confirmId = confirmationId(url, "delete");
  const confirming = confirmId ? await findAccount(db, "buyer", confirmId) : null;
  return { buyers, query, confirming };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const back = listBack(request, PATH, { search: true });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
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
      <PagedTable
        pathname={PATH}
        list={buyers}
        rowKey={(buyer) => buyer.id}
        search={{ label: "Search buyers by name or email", q: query.q }}
        empty={query.q ? `No buyer matches “${query.q}”.` : "There is no buyer"}
        caption={`${query.q ? `Buyers matching “${query.q}”` : "Buyers, newest first"} (${buyers.total})`}
        columns={[
          { header: "Buyer Name", kind: "name", cell: (buyer) => buyer.name || NAME_NOT_FOUND },
          { header: "Buyer Email", cell: (buyer) => buyer.email || EMAIL_NOT_FOUND },
          deleteAccountColumn("Delete", PATH, query),
        ]}
        confirm={deleteAccountConfirmation("buyer", confirming)}
      />
    </DashboardPage>
  );
}
