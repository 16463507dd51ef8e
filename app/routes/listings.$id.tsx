import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorPage } from "#app/components/error-page";
import { ListingActions } from "#app/components/listing-actions";
import { ListingGallery } from "#app/components/listing-gallery";
import { ListingSummary } from "#app/components/listing-summary";
import { useNonce } from "#app/components/nonce";
import { ProductCard } from "#app/components/product-card";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import { findListing } from "#app/domain/catalog/listings.server";
import { gone, notFound } from "#app/server/http.server";
import { container, eyebrow, grid, section } from "#app/styles/utilities.css";
import { inlineJson, listingJsonLd, listingMeta } from "#app/utils/listing-seo";
import { originFrom, pageMeta, siteOrigin } from "#app/utils/seo";
import { handleStorefrontAction, loadStorefrontShell } from "#app/utils/storefront.server";
import { database } from "#db/client";
import * as styles from "./listings.css";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? listingMeta({ ...data, origin: originFrom(matches) })
    : [
        ...pageMeta("Pay&Buy Listing Not Found", "This listing is not on Pay&Buy (any more)."),
        { name: "robots", content: "noindex" },
      ];

/** `?photo=N` picks the large photo: a whole number from 1 to the photo count, else the first. */
function photoPosition(value: string | null, count: number): number {
  const position = Number(value);
  return Number.isInteger(position) && position >= 1 && position <= count ? position : 1;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [found, shell] = await Promise.all([
    findListing(database(context.env.DB), params.id ?? ""),
    loadStorefrontShell(request, context),
  ]);
  if (found.kind === "missing") throw notFound();
  if (found.kind === "gone") throw gone("This listing is no longer on Pay&Buy");
  const { listing, photos, sellerListings } = found;
  const currency = context.env.settings.PAYMENT_CURRENCY;
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  return {
    listing,
    photos,
    currency,
    selectedPhoto: photoPosition(url.searchParams.get("photo"), photos.length),
    sellerListings,
    jsonLd: inlineJson(listingJsonLd({ listing, photos, origin, currency })),
    ...shell,
    currentYear: new Date().getUTCFullYear(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleStorefrontAction(request, context);
}

export default function ListingPage() {
  const { listing, photos, selectedPhoto, sellerListings, jsonLd, viewer, dialogs, currentYear } =
    useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <article className={`${container} ${section}`} aria-labelledby="listing-title">
      <div className={styles.layout}>
        <ListingGallery photos={photos} selected={selectedPhoto} />
        <ListingSummary listing={listing} currentYear={currentYear}>
          <ListingActions
            productId={listing.id}
            productName={listing.name}
            viewer={viewer}
            bookable={listing.status === "available"}
          />
        </ListingSummary>
      </div>

      <section className={section} aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <p className={styles.description}>{listing.description}</p>
      </section>

      {sellerListings.length > 0 ? (
        <section aria-labelledby="more-heading">
          <span className={eyebrow}>Same seller</span>
          <h2 id="more-heading">{`More from ${listing.sellerName}`}</h2>
          <div className={grid}>
            {sellerListings.map((other) => (
              <ProductCard key={other.id} product={other} currentYear={currentYear} />
            ))}
          </div>
        </section>
      ) : null}

      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (inlineJson), allowed by the CSP nonce */}
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <StorefrontDialogs dialogs={dialogs} />
    </article>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
