import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog";
import { DashboardPage } from "#app/components/dashboard-page";
import { Pager } from "#app/components/list-controls";
import * as table from "#app/components/table.css";
import { photoSources } from "#app/domain/catalog/photo-keys";
import {
  advertiseProduct,
  deleteProduct,
  PRODUCT_MESSAGES,
  type SellerProduct,
  sellerProductsReads,
} from "#app/domain/catalog/products.server";
import { readListQuery, toPageOf } from "#app/domain/shared/list-query";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { formatDayMonthYear, formatPrice, formatShortTime, NOT_FOUND } from "#app/utils/format";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith, requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy My Products", "The products you sell on Pay&Buy: advertise, edit or delete them.");

const PAGE = "/dashboard/my_product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { page } = readListQuery(params);
  // The products travel with the session's read: one D1 round trip (ADR 0040).
  const { results } = await requireRoleWith(request, context, ["seller"], (sellerId) =>
    sellerProductsReads(database(context.env.DB), sellerId, page),
  );
  const products = toPageOf(results, page);
  if (page > products.pageCount) throw redirect(listHref(PAGE, { page: products.pageCount }));
  // The dialog opens only for one of the seller's own products on this page (a stale or foreign id: no dialog).
  const confirming =
    params.get("confirm") === "delete"
      ? (products.rows.find((product) => product.id === params.get("id")) ?? null)
      : null;
  return { products, confirming: confirming ? { id: confirming.id, name: confirming.name } : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  // Back to the page the seller was on (the confirmation's parameters dropped).
  const back = listHref(PAGE, { page: readListQuery(new URL(request.url).searchParams).page });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return redirectWithError(context, back, PRODUCT_MESSAGES.cancelled);
  const productId = form.get("id");
  if (typeof productId !== "string" || productId.length === 0 || productId.length > 64) throw badRequest();
  if (intent !== "advertise" && intent !== "delete") throw badRequest();
  const db = database(context.env.DB);
  const result =
    intent === "advertise"
      ? await advertiseProduct(db, seller.id, productId)
      : await deleteProduct(db, context.env.PHOTOS, seller.id, productId);
  // Another seller's product is not found, exactly like one that does not exist.
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok) return redirectWithError(context, back, result.message);
  return redirectWithSuccess(
    context,
    back,
    intent === "advertise" ? PRODUCT_MESSAGES.advertised : PRODUCT_MESSAGES.deleted,
  );
}

function Advertisement({ product, here }: { product: SellerProduct; here: string }) {
  const navigation = useNavigation();
  if (product.status === "sold") return null;
  if (product.removedAt) return <>Removed by admin</>;
  // The seller is told no more than this (ADR 0052).
  if (product.heldAt) return <span className={table.badge}>Held for review</span>;
  if (product.advertised) return <span className={table.badge}>Released</span>;
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === product.id;
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
  const { products, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PAGE, { page: products.page });
  return (
    <DashboardPage title="My Products">
      {products.rows.length === 0 ? (
        <p className={table.empty}>You don&apos;t have any product</p>
      ) : (
        <div className={`${table.wrap} ${table.wide}`} role="region" aria-labelledby="my-products-caption" tabIndex={0}>
          <table className={table.table}>
            <caption id="my-products-caption" className={table.caption}>
              Your products, newest first. Dates and times are in UTC.
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Image</th>
                <th scope="col">Product Name</th>
                <th scope="col">Asking Price</th>
                <th scope="col">Post Date</th>
                <th scope="col">Post Time</th>
                <th scope="col">Payment</th>
                <th scope="col">Advertisement</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {products.rows.map((product, index) => {
                const src = photoSources(product.photoKey, "thumb")?.src;
                return (
                  <tr key={product.id}>
                    <td data-label="Index">{(products.page - 1) * products.pageSize + index + 1}</td>
                    <td data-label="Image">
                      {src ? (
                        <img
                          src={src}
                          alt={product.name}
                          width={64}
                          height={64}
                          className={table.thumb}
                          loading="lazy"
                        />
                      ) : (
                        NOT_FOUND
                      )}
                    </td>
                    <th scope="row">
                      {product.listed ? <Link to={listingPath(product.id)}>{product.name}</Link> : product.name}
                    </th>
                    <td data-label="Asking Price" className={table.nowrap}>
                      {formatPrice(product.resalePriceCents)}
                    </td>
                    <td data-label="Post Date" className={table.nowrap}>
                      {formatDayMonthYear(product.createdAt)}
                    </td>
                    <td data-label="Post Time" className={table.nowrap}>
                      {formatShortTime(product.createdAt)}
                    </td>
                    <td data-label="Payment">{product.status === "sold" ? "Paid" : "Unpaid"}</td>
                    <td data-label="Advertisement">
                      <Advertisement product={product} here={here} />
                    </td>
                    <td className={table.actions}>
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager pathname={PAGE} page={products.page} pageCount={products.pageCount} />
      {confirming ? (
        <ConfirmDialog
          title="Delete Confirmation"
          question="Do you want to delete product?"
          detail={<p>{confirming.name}</p>}
          fields={{ id: confirming.id }}
          confirmIntent="delete"
          cancelIntent="keep"
        />
      ) : null}
    </DashboardPage>
  );
}
