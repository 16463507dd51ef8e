import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useRouteError } from "react-router";
import { CameraPicker } from "#app/components/camera-picker";
import { ErrorPage } from "#app/components/error-page";
import { GearSpecs, PriceGuidanceNote } from "#app/components/gear-specs";
import { ListingActions } from "#app/components/listing-actions";
import { FitBadge, ListingCard } from "#app/components/listing-card";
import { cardGrid } from "#app/components/listing-card.css";
import { ListingGallery } from "#app/components/listing-gallery";
import { ListingSummary } from "#app/components/listing-summary";
import { useNonce } from "#app/components/nonce";
import { OfferPanel, type OfferPanelData } from "#app/components/offer-panel";
import { ProtectionNote } from "#app/components/protection-note";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import { toCardView } from "#app/domain/catalog/catalog.server";
import { meets } from "#app/domain/catalog/delivery";
import { findListing } from "#app/domain/catalog/listings.server";
import { farAbove } from "#app/domain/catalog/price-guidance";
import { listingReturnLines } from "#app/domain/catalog/return-policy";
import { withContactFor } from "#app/domain/catalog/seller-contact";
import { findLiveOffer } from "#app/domain/deals/offers/offer-reads.server";
import { lowestOfferCents } from "#app/domain/deals/offers/offer-schema";
import { BUYER_OFFERS_PATH } from "#app/domain/deals/offers/paths";
import type { Adapter } from "#app/domain/gear/adapters";
import { listingFit } from "#app/domain/gear/compatibility";
import { specRows } from "#app/domain/gear/describe";
import { gone, notFound, requireFormData } from "#app/server/http.server";
import { container, eyebrow, grid, section } from "#app/styles/utilities.css";
import { cameraSearch } from "#app/utils/camera-urls";
import { inlineJson, listingJsonLd, listingMeta } from "#app/utils/listing-seo";
import { postOffer, postOfferStep } from "#app/utils/offer-actions.server";
import { farAboveText, guidanceText } from "#app/utils/price-guidance";
import { originFrom, pageMeta, siteOrigin } from "#app/utils/seo";
import { getOptionalUserWith } from "#app/utils/session.server";
import { handleStorefrontAction, loadStorefrontShell, withoutDialog } from "#app/utils/storefront.server";
import { database } from "#db/client";
import type { DeliveryMethod } from "#db/closed-lists";
import * as styles from "./listings.css";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? listingMeta({ ...data, origin: originFrom(matches) })
    : [
        ...pageMeta("Pay&Buy Listing Not Found", "This listing is not on Pay&Buy (any more)."),
        { name: "robots", content: "noindex" },
      ];

/** What a buyer should know of the adapter: which ones, and how focus fares. */
function adapterNote(adapter: Adapter): string {
  return `${adapter.examples}. ${adapter.note}`;
}

/** `?photo=N` picks the large photo: a whole number from 1 to the photo count, else the first. */
function photoPosition(value: string | null, count: number): number {
  const position = Number(value);
  return Number.isInteger(position) && position >= 1 && position <= count ? position : 1;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const currency = context.env.settings.PAYMENT_CURRENCY;
  const db = database(context.env.DB);
  const id = params.id ?? "";
  // The buyer's live offer is keyed by the URL's id, not the listing's row, so it travels with the
  // listing's and the session's reads: one D1 round trip.
  const [found, { fitCamera, camera, ...shell }, offerRead] = await Promise.all([
    findListing(db, id, currency),
    loadStorefrontShell(request, context),
    getOptionalUserWith(request, context, async (viewer) =>
      viewer.role === "buyer" ? findLiveOffer(db, viewer.id, id) : null,
    ),
  ]);
  if (found.kind === "missing") throw notFound();
  if (found.kind === "gone") throw gone("This listing is no longer on Pay&Buy");
  const { listing, photos, sellerListings, guidance } = found;
  const offerPanel = offerPanelOf(request, listing, offerRead.user, offerRead.data);
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  const fit = listingFit(listing, fitCamera);
  return {
    // The seller's number for a signed-in visitor only: never in a page the edge cache keeps.
    listing: withContactFor(listing, shell.viewer),
    specs: specRows(listing),
    guidance: guidance ? guidanceText(guidance, context.env.currency) : null,
    // For a buyer too: an asking price far above what the model sold for is worth knowing.
    guidanceWarning: farAboveText(guidance, farAbove(guidance, listing.resalePriceCents), context.env.currency),
    fit: fit
      ? { label: fit.label, kind: fit.kind, note: fit.kind === "adapter" ? adapterNote(fit.adapter) : null }
      : null,
    camera,
    isLens: listing.gearKind === "lens",
    params: [...url.searchParams.entries()],
    photos,
    currency: context.env.currency,
    selectedPhoto: photoPosition(url.searchParams.get("photo"), photos.length),
    sellerListings: sellerListings.map((card) => toCardView(card, { camera: fitCamera, viewer: shell.viewer })),
    jsonLd: inlineJson(listingJsonLd({ listing, photos, origin, currency: context.env.currency })),
    ...shell,
    offerPanel,
    protectionDays: context.env.settings.BUYER_PROTECTION_DAYS,
    currentYear: new Date().getUTCFullYear(),
  };
}

/**
 * "Make an offer" (ADR 0061): shown on an available listing that takes offers and can be booked;
 * a buyer sees the form, or their live offer on it; a visitor is asked to sign in; sellers and
 * admins see nothing.
 */
function offerPanelOf(
  request: Request,
  listing: {
    id: string;
    resalePriceCents: number;
    offersAccepted: boolean;
    bookability: string;
    delivery: DeliveryMethod;
  },
  user: { role: string } | null,
  live: Awaited<ReturnType<typeof findLiveOffer>>,
): OfferPanelData | null {
  // An accepted offer books a meetup: a listing that is only shipped takes none (ADR 0086).
  if (!listing.offersAccepted || !meets(listing.delivery) || listing.bookability !== "bookable") return null;
  if (!user) {
    const url = new URL(request.url);
    return { kind: "signIn", href: `/login?${new URLSearchParams({ redirectTo: url.pathname })}` };
  }
  if (user.role !== "buyer") return null;
  if (live) {
    return {
      kind: "mine",
      offersHref: BUYER_OFFERS_PATH,
      offer: {
        id: live.id,
        amountCents: live.amountCents,
        counterCents: live.counterCents,
        status: live.status,
        respondBy: live.respondBy.toISOString(),
      },
    };
  }
  return {
    kind: "form",
    productId: listing.id,
    askingCents: listing.resalePriceCents,
    lowestCents: lowestOfferCents(listing.resalePriceCents),
    offerKey: crypto.randomUUID(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "offer" || intent === "offer-withdraw") {
    const back = withoutDialog(new URL(request.url));
    if (intent === "offer") return postOffer(request, context, form, back);
    form.set("intent", "withdraw");
    return postOfferStep(request, context, form, "buyer", back);
  }
  return handleStorefrontAction(request, context, form);
}

export default function ListingPage() {
  const {
    listing,
    specs,
    guidance,
    guidanceWarning,
    fit,
    camera,
    isLens,
    params,
    photos,
    selectedPhoto,
    sellerListings,
    jsonLd,
    viewer,
    dialogs,
    offerPanel,
    protectionDays,
    currentYear,
  } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <article className={`${container} ${section}`} aria-labelledby="listing-title">
      <div className={styles.layout}>
        <ListingGallery photos={photos} selected={selectedPhoto} />
        <ListingSummary
          listing={listing}
          currentYear={currentYear}
          below={
            listing.bookability === "unavailable" ? null : (
              <ProtectionNote
                days={protectionDays}
                returns={listingReturnLines(listing.delivery, listing.returnPolicy)}
              />
            )
          }
          aside={
            <>
              {fit ? (
                <div>
                  <FitBadge fit={fit} />
                  {fit.note ? <p className={styles.fitNote}>{fit.note}</p> : null}
                </div>
              ) : camera && isLens ? (
                <p
                  className={styles.fitNote}
                >{`Does not fit your ${camera.name}, natively or with a common adapter.`}</p>
              ) : null}
              {guidance ? <PriceGuidanceNote text={guidance} warning={guidanceWarning} headingLevel={2} /> : null}
            </>
          }
        >
          <ListingActions
            productId={listing.id}
            productName={listing.name}
            viewer={viewer}
            bookability={listing.bookability}
          />
        </ListingSummary>
      </div>

      {offerPanel ? <OfferPanel panel={offerPanel} /> : null}

      {specs.length > 0 ? (
        // The table's caption names it: a div, not a section without a heading.
        <div className={section}>
          <GearSpecs rows={specs} />
        </div>
      ) : null}

      {isLens ? (
        <CameraPicker camera={camera} signedIn={viewer !== null} pathname={`/listings/${listing.id}`} params={params} />
      ) : null}

      <section className={section} aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <p className={styles.description}>{listing.description}</p>
      </section>

      {sellerListings.length > 0 ? (
        <section aria-labelledby="more-heading">
          <span className={eyebrow}>Same seller</span>
          <h2 id="more-heading">{`More from ${listing.sellerName}`}</h2>
          <div className={`${grid} ${cardGrid}`}>
            {sellerListings.map((other) => (
              <ListingCard key={other.id} product={other} currentYear={currentYear} linkSearch={cameraSearch(camera)} />
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
