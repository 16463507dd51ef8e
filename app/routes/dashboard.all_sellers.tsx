import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useLoaderData } from "react-router";
import { deleteAccountColumn, deleteAccountConfirmation } from "#app/components/account-rows";
import { DashboardPage } from "#app/components/dashboard-page";
import { SellerRating } from "#app/components/listing-card";
import { PagedTable } from "#app/components/paged-table";
import { ADMIN_MESSAGES, deleteAccount, verifySeller } from "#app/domain/moderation/admin-users.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { loadAccountList, readAccountAction } from "#app/utils/account-list.server";
import { listHref } from "#app/utils/list-urls";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { pageMeta } from "#app/utils/seo";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy All Sellers", "The sellers registered on Pay&Buy, for administrators: verify or remove them.");

const PATH = "/dashboard/all_sellers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountList(request, context, "seller", PATH);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const asked = await readAccountAction(request, context, "seller", PATH, ["verify", "delete"]);
  if (asked instanceof Response) return asked;
  const db = database(context.env.DB);
  if (asked.intent === "verify") {
    const result = await verifySeller(db, { id: asked.id });
    if (result.ok) await publishFromRoute(context, result.events);
    return redirectWithResult(context, asked.back, result, ADMIN_MESSAGES.verified);
  }
  return redirectWithResult(context, asked.back, await deleteAccount(db, "seller", asked.id));
}

export default function AllSellers() {
  const { accounts: sellers, query, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PATH, query);
  return (
    <DashboardPage title="All Sellers">
      <PagedTable
        pathname={PATH}
        list={sellers}
        rowKey={(seller) => seller.id}
        search={{ label: "Search sellers by name or email", q: query.q }}
        empty={query.q ? `No seller matches “${query.q}”.` : "There is no seller"}
        caption={`${query.q ? `Sellers matching “${query.q}”` : "Sellers, newest first"} (${sellers.total})`}
        columns={[
          {
            header: "Seller Name",
            kind: "name",
            cell: (seller) => (
              <>
                {seller.name || NAME_NOT_FOUND}{" "}
                <SellerRating average={seller.sellerRatingAverage} count={seller.sellerRatingCount} />
              </>
            ),
          },
          { header: "Seller Email", cell: (seller) => seller.email || EMAIL_NOT_FOUND },
          {
            header: "Seller Verification",
            cell: (seller) =>
              seller.verifiedAt ? (
                <span className={styles.verified}>Verified</span>
              ) : (
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="verify" />
                  <input type="hidden" name="sellerId" value={seller.id} />
                  <button type="submit" className={button.secondary} aria-label={`Verification: ${seller.name}`}>
                    Verification
                  </button>
                </Form>
              ),
          },
          deleteAccountColumn("Action", PATH, query),
        ]}
        confirm={deleteAccountConfirmation("seller", confirming)}
      />
    </DashboardPage>
  );
}
