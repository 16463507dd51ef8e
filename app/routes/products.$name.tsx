import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { database } from "../../db/client";
import { BookingDialog } from "../components/booking-dialog";
import { ListingActions } from "../components/listing-actions";
import { ProductCard } from "../components/product-card";
import { ReportDialog } from "../components/report-dialog";
import { WishlistDialog } from "../components/wishlist-dialog";
import { loadCategoryPage } from "../domain/catalog.server";
import { readPage } from "../domain/list-query";
import { button, container, eyebrow, grid, section } from "../styles/utilities.css";
import { pageMeta } from "../utils/seo";
import { requireUser } from "../utils/session.server";
import * as styles from "./products.css";
import {
  handleStorefrontAction,
  loadBookingDialog,
  loadReportDialog,
  loadWishlistDialog,
  storefrontViewer,
} from "./shared/storefront.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(
    `Pay&Buy ${data?.category?.title ?? "Category Not Found"}`,
    data?.category
      ? `Second-hand ${data.category.title.toLowerCase()} listings on Pay&Buy, newest first.`
      : "This category does not exist on Pay&Buy.",
  ),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const [listing, viewer, booking, report, wishlist] = await Promise.all([
    loadCategoryPage(database(context.env.DB), params.name ?? "", page),
    storefrontViewer(request, context),
    loadBookingDialog(request, context),
    loadReportDialog(request, context),
    loadWishlistDialog(request, context),
  ]);
  return data(
    { ...listing, viewer, booking, report, wishlist, currentYear: new Date().getUTCFullYear() },
    { status: listing.category ? 200 : 404 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  return handleStorefrontAction(request, context);
}

export default function CategoryProducts() {
  const { category, products, page, pageCount, total, viewer, booking, report, wishlist, currentYear } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <section className={`${container} ${section}`} aria-labelledby="category-title">
      <span className={eyebrow}>Shop By Category</span>
      <h1 id="category-title">{category?.title ?? "Category Not Found"}</h1>
      {category ? (
        products.length === 0 ? (
          <p>There is no product in this category</p>
        ) : (
          <>
            <p className={styles.count}>{`${total} ${total === 1 ? "listing" : "listings"}, newest first`}</p>
            <div className={grid}>
              {products.map((product, index) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  currentYear={currentYear}
                  priority={index === 0}
                  headingLevel={2}
                >
                  <ListingActions productId={product.id} productName={product.name} viewer={viewer} />
                </ProductCard>
              ))}
            </div>
            {pageCount > 1 ? (
              <nav aria-label="Pages" className={styles.pager}>
                {page > 1 ? (
                  <Link to={page === 2 ? "?" : `?page=${page - 1}`} className={button.ghost} rel="prev">
                    Newer listings
                  </Link>
                ) : null}
                <span aria-current="page">{`Page ${page} of ${pageCount}`}</span>
                {page < pageCount ? (
                  <Link to={`?page=${page + 1}`} className={button.ghost} rel="next">
                    Older listings
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )
      ) : (
        <p>
          <Link to="/">Browse the categories on the home page</Link>
        </p>
      )}
      {booking ? <BookingDialog dialog={booking} lastResult={lastResult} /> : null}
      {report ? <ReportDialog dialog={report} lastResult={lastResult} /> : null}
      {wishlist ? <WishlistDialog dialog={wishlist} /> : null}
    </section>
  );
}
