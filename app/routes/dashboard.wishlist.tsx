import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ImageZoom } from "#app/components/image-zoom";
import { PagedTable } from "#app/components/paged-table";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import * as table from "#app/components/table.css";
import { WasPrice } from "#app/components/was-price";
import { listWishlist, removeFromWishlist, wishlistItemView } from "#app/domain/catalog/wishlist.server";
import { readListQuery } from "#app/domain/shared/list-query";
import { formatMoney } from "#app/domain/shared/money";
import { productIdSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { listBack, pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireBuyer, requireRoleWith } from "#app/utils/session.server";
import { handleStorefrontAction, loadBookingDialog, loadReportDialog } from "#app/utils/storefront.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Wishlist", "The products you saved on Pay&Buy, to book or pay for later.");

const PATH = "/dashboard/wishlist";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page } = readListQuery(new URL(request.url).searchParams);
  // The wishlist is read with the session's read: one D1 round trip (ADR 0040, 0069); an open
  // dialog's listing is read after, for the viewer the session confirmed.
  const { user, data } = await requireRoleWith(request, context, ["buyer"], (viewer) =>
    listWishlist(database(context.env.DB), viewer.id, page),
  );
  const [booking, report] = await Promise.all([
    loadBookingDialog(request, context, user),
    loadReportDialog(request, context, user),
  ]);
  const items = pageOrLast(data, PATH, { page });
  return { dialogs: { booking, report }, items: { ...items, rows: items.rows.map((row) => wishlistItemView(row)) } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const buyer = await requireBuyer(request, context);
  const intent = (await requireFormData(request.clone())).get("intent");
  if (intent !== "wishlist-remove") return handleStorefrontAction(request, context);
  const back = listBack(request, PATH, { search: false });
  const form = await requireFormData(request);
  const parsed = productIdSchema.safeParse({ productId: form.get("productId") });
  if (!parsed.success) return redirectWithError(context, back, "This product is not in your wishlist.");
  const result = await removeFromWishlist(database(context.env.DB), buyer, parsed.data.productId);
  return redirectWithResult(context, back, result);
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"]["rows"][number];

/** 'Paid' when sold; Pay for the buyer's own booking; Book Now while it can be booked. */
function PaymentCell({ item, page }: { item: Item; page: number }) {
  if (item.status === "sold") return <span className={table.paid}>Paid</span>;
  if (item.bookingId) {
    return (
      <Link to={`/dashboard/payment/${item.bookingId}`} className={button.primary}>
        Pay
      </Link>
    );
  }
  if (item.bookable) {
    return (
      <Link
        to={listHref(PATH, { page }, { book: item.productId })}
        className={button.secondary}
        preventScrollReset
        aria-label={`Book Now: ${item.productName}`}
      >
        Book Now
      </Link>
    );
  }
  return <span className={table.ended}>{item.removed ? "No longer listed" : "Booked by someone else"}</span>;
}

export default function Wishlist() {
  const currency = useCurrency();
  const { items, dialogs } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="Wishlist">
      <PagedTable
        pathname={PATH}
        list={items}
        rowKey={(item) => item.productId}
        wide
        empty="You don't have any wishlist item."
        caption="Products you are keeping an eye on"
        columns={[
          {
            header: "Product Image",
            label: "Image",
            cell: (item) => <ImageZoom photoKey={item.photoKey} alt={item.productName || "Product"} />,
          },
          {
            header: "Product Title",
            kind: "name",
            cell: (item) =>
              item.removed ? (
                item.productName || NAME_NOT_FOUND
              ) : (
                <Link to={listingPath(item.productId)}>{item.productName || NAME_NOT_FOUND}</Link>
              ),
          },
          {
            header: "Product Price",
            cell: (item) => (
              <>
                {formatMoney(item.priceCents, currency) ?? "Price not found"} <WasPrice cents={item.wasPriceCents} />
              </>
            ),
          },
          { header: "Seller Email", cell: (item) => item.sellerEmail || EMAIL_NOT_FOUND },
          { header: "Payment", cell: (item) => <PaymentCell item={item} page={items.page} /> },
          {
            header: "Remove",
            kind: "actions",
            cell: (item) => (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="wishlist-remove" />
                <input type="hidden" name="productId" value={item.productId} />
                <button
                  type="submit"
                  className={button.ghost}
                  aria-label={`Remove ${item.productName} from the wishlist`}
                >
                  Remove
                </button>
              </Form>
            ),
          },
        ]}
      >
        <StorefrontDialogs dialogs={dialogs} />
      </PagedTable>
    </DashboardPage>
  );
}
