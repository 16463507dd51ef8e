import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { deleteAccountColumn, deleteAccountConfirmation } from "#app/components/account-rows";
import { DashboardPage } from "#app/components/dashboard-page";
import { PagedTable } from "#app/components/paged-table";
import { ADMIN_MESSAGES, deleteAccount } from "#app/domain/accounts/admin-users.server";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { loadAccountList } from "#app/utils/account-list.server";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { keptAnswer, listBack } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy All Buyers", "The buyers registered on Pay&Buy, for administrators.");

const PATH = "/dashboard/all_buyers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountList(request, context, "buyer", PATH);
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
  const { accounts: buyers, query, confirming } = useLoaderData<typeof loader>();
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
