import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { photoSources } from "#app/domain/catalog/photo-keys";
import {
  advertiseListing,
  deleteListing,
  LISTING_MESSAGES,
  listSellerListings,
  type SellerListing,
} from "#app/domain/catalog/seller-listings.server";
import { formatDay, formatTime, zoneWords } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { formatMoney } from "#app/domain/shared/money";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { NOT_FOUND } from "#app/utils/format";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith, requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Products", "The products you sell on Pay&Buy: advertise, edit or delete them.");

const PAGE = "/dashboard/my_product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  // The products travel with the session's read: one D1 round trip (ADR 0040, 0069).
  const { data } = await requireRoleWith(request, context, ["seller"], (viewer) =>
    listSellerListings(database(context.env.DB), viewer.id, page),
  );
  const products = pageOrLast(data, PAGE, { page });
  // The dialog opens only for one of the seller's own products on this page (a stale or foreign id: no dialog).
  const confirmId = confirmationId(url, "delete");
  const confirming = products.rows.find((product) => product.id === confirmId) ?? null;
  return { products, confirming: confirming ? { id: confirming.id, name: confirming.name } : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const back = listBack(request, PAGE, { search: false });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
  const productId = form.get("id");
  if (typeof productId !== "string" || productId.length === 0 || productId.length > 64) throw badRequest();
  if (intent !== "advertise" && intent !== "delete") throw badRequest();
  const db = database(context.env.DB);
  const result =
    intent === "advertise"
      ? await advertiseListing(db, seller.id, productId)
      : await deleteListing(db, context.env.PHOTOS, seller.id, productId);
  // Another seller's product is not found, exactly like one that does not exist.
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok) return redirectWithError(context, back, result.message);
  return redirectWithSuccess(
    context,
    back,
    intent === "advertise" ? LISTING_MESSAGES.advertised : LISTING_MESSAGES.deleted,
  );
}

function Thumbnail({ product }: { product: SellerListing }) {
  const src = photoSources(product.photoKey, "thumb")?.src;
  if (!src) return NOT_FOUND;
  return <img src={src} alt={product.name} width={64} height={64} className={table.thumb} loading="lazy" />;
}

function Advertisement({ product, here }: { product: SellerListing; here: string }) {
  // Until the page after the post has loaded: the row may be gone then.
  const pending = useIsPending({ state: "non-idle", field: ["id", product.id] });
  if (product.status === "sold") return null;
  if (product.removedAt) return <>Removed by admin</>;
  // The seller is told no more than this (ADR 0056).
  if (product.heldAt) return <span className={table.badge}>Held for review</span>;
  if (product.advertised) return <span className={table.badge}>Released</span>;
  return (
    <Form method="post" action={here} className={table.inlineForm}>
      <input type="hidden" name="id" value={product.id} />
      <button
        type="submit"
        name="intent"
        value="advertise"
        className={`${button.secondary} ${table.compact}`}
        disabled={pending}
        aria-label={`Advertise ${product.name}`}
      >
        Advertise
      </button>
    </Form>
  );
}

export default function MyProducts() {
  const zone = useZone();
  const currency = useCurrency();
  const { products, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PAGE, { page: products.page });
  return (
    <DashboardPage title="My Products">
      <PagedTable
        pathname={PAGE}
        list={products}
        rowKey={(product) => product.id}
        wide
        region="my-products"
        empty="You don't have any product"
        caption={`Your products, newest first. Dates and times are in ${zoneWords(zone)}.`}
        columns={[
          { header: "Image", cell: (product) => <Thumbnail product={product} /> },
          {
            header: "Product Name",
            kind: "name",
            cell: (product) =>
              product.listed ? <Link to={listingPath(product.id)}>{product.name}</Link> : product.name,
          },
          {
            header: "Asking Price",
            className: table.nowrap,
            cell: (product) => formatMoney(product.resalePriceCents, currency),
          },
          {
            header: "Post Date",
            className: table.nowrap,
            cell: (product) => formatDay(product.createdAt, zone),
          },
          { header: "Post Time", className: table.nowrap, cell: (product) => formatTime(product.createdAt, zone) },
          { header: "Payment", cell: (product) => (product.status === "sold" ? "Paid" : "Unpaid") },
          { header: "Advertisement", cell: (product) => <Advertisement product={product} here={here} /> },
          {
            header: "Action",
            kind: "actions",
            cell: (product) => (
              <>
                {product.status === "available" && !product.removedAt && !product.heldAt ? (
                  <Link
                    to={`${PAGE}/${encodeURIComponent(product.id)}/edit`}
                    className={`${button.secondary} ${table.compact}`}
                    aria-label={`Edit ${product.name}`}
                  >
                    Edit
                  </Link>
                ) : null}
                <Link
                  to={listHref(PAGE, { page: products.page }, { confirm: "delete", id: product.id })}
                  className={`${button.danger} ${table.compact}`}
                  preventScrollReset
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </Link>
              </>
            ),
          },
        ]}
        confirm={
          confirming && {
            title: "Delete Confirmation",
            question: "Do you want to delete product?",
            detail: <p>{confirming.name}</p>,
            fields: { id: confirming.id },
            confirmIntent: "delete",
            cancelIntent: "keep",
          }
        }
      />
    </DashboardPage>
  );
}
