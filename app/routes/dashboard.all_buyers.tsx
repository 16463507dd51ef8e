import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { deleteAccountColumn, deleteAccountConfirmation } from "#app/components/account-rows";
import { DashboardPage } from "#app/components/dashboard-page";
import { PagedTable } from "#app/components/paged-table";
import { deleteAccount } from "#app/domain/moderation/admin-users.server";
import { loadAccountList, readAccountAction } from "#app/utils/account-list.server";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { pageMeta } from "#app/utils/seo";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy All Buyers", "The buyers registered on Pay&Buy, for administrators.");

const PATH = "/dashboard/all_buyers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountList(request, context, "buyer", PATH);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const asked = await readAccountAction(request, context, "buyer", PATH, ["delete"]);
  if (asked instanceof Response) return asked;
  return redirectWithResult(context, asked.back, await deleteAccount(database(context.env.DB), "buyer", asked.id));
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
