import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CardView } from "#app/domain/catalog/catalog.server";
import { deliveryWithoutPlace } from "#app/domain/catalog/delivery";
import { photoSources } from "#app/domain/catalog/photo-keys";
import { CONTACT_HIDDEN_TEXT } from "#app/domain/catalog/seller-contact";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { formatDay } from "#app/domain/shared/dates";
import { formatMoney } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { NOT_FOUND, yearsOfUse } from "#app/utils/format";
import { listingPath } from "#app/utils/listing-urls";
import { sellerPath } from "#app/utils/seller-urls";
import { useCurrency } from "#app/utils/use-currency";
import { useZone } from "#app/utils/use-zone";
import * as styles from "./listing-card.css";
import { WasPrice } from "./was-price";

/**
 * The listing card of the advertisement list and the category pages. Its name is the card's
 * link to the listing page, and the whole card (photo included) leads there. Photo first and
 * compact (ADR 0099): on a phone the photo sits beside the name and price, and the facts flow
 * under them as short pairs; from two columns up the photo is on top.
 */
export function ListingCard({
  product,
  currentYear,
  priority = false,
  headingLevel = 3,
  linkSearch = "",
  children,
}: {
  product: CardView;
  currentYear: number;
  priority?: boolean;
  /** The level below the heading the cards are listed under. */
  headingLevel?: 2 | 3;
  /** What the listing's link carries on (a visitor's camera: "?camera=…"). */
  linkSearch?: string;
  children?: ReactNode;
}) {
  const zone = useZone();
  const currency = useCurrency();
  const listingHref = `${listingPath(product.id)}${linkSearch}`;
  const photo = photoSources(product.photoKey, "card");
  const titleId = `product-${product.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const name = product.name || NOT_FOUND;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {photo ? (
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          // Beside the name on a phone (8 rem), else the card's width in the 2/3-column grid; the
          // srcset stops at 640 (ADR 0036).
          sizes="(min-width: 1024px) 352px, (min-width: 768px) calc(50vw - 36px), 8rem"
          alt={product.name || "Product photo"}
          width={800}
          height={600}
          className={styles.photo}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <div className={styles.photoMissing}>Photo not found</div>
      )}
      <div className={styles.head}>
        <Heading id={titleId} className={styles.title}>
          <Link to={listingHref} className={styles.cardLink}>
            {name}
          </Link>
        </Heading>
        <p className={styles.prices}>
          <span className={styles.resale}>{formatMoney(product.resalePriceCents, currency) ?? NOT_FOUND}</span>
          <WasPrice cents={product.wasPriceCents} />
          <span className={styles.original}>New: {formatMoney(product.originalPriceCents, currency) ?? NOT_FOUND}</span>
        </p>
        {product.fit ? <FitBadge fit={product.fit} /> : null}
      </div>
      {/* The facts flow as short "label value" pairs, as many to a line as fit (ADR 0099). */}
      <dl className={styles.facts}>
        <div className={styles.wholeLine}>
          <dt>Location</dt>
          <dd className={styles.oneLine} title={product.location || undefined}>
            {product.location || NOT_FOUND}
          </dd>
        </div>
        <div className={styles.wholeLine}>
          <dt>Delivery</dt>
          <dd>{deliveryWithoutPlace(product, currency)}</dd>
        </div>
        <div>
          <dt>Condition</dt>
          <dd>{product.condition || NOT_FOUND}</dd>
        </div>
        {product.mount ? (
          <div>
            <dt>Mount</dt>
            <dd>{MOUNT_FACTS[product.mount].name}</dd>
          </div>
        ) : null}
        {product.shutterCount !== null ? (
          <div>
            <dt>Shutter count</dt>
            <dd>{groupThousands(product.shutterCount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Posted</dt>
          <dd>{formatDay(product.createdAt, zone) ?? NOT_FOUND}</dd>
        </div>
        <div>
          <dt>Purchased</dt>
          <dd>{purchased(product.purchaseYear, currentYear)}</dd>
        </div>
        <div className={`${styles.wholeLine} ${styles.seller}`}>
          <dt>Seller</dt>
          <dd>
            <Link to={sellerPath(product.sellerId)} className={styles.sellerLink}>
              {product.sellerName || NOT_FOUND}
            </Link>
            {product.sellerVerifiedAt ? <VerifiedBadge /> : null}{" "}
            <SellerRating average={product.sellerRatingAverage} count={product.sellerRatingCount} />
          </dd>
        </div>
        <div className={styles.wholeLine}>
          <dt>Contact</dt>
          <dd>
            <SellerContact contact={product.contact} listingId={product.id} />
          </dd>
        </div>
      </dl>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </article>
  );
}

/**
 * The seller's contact number for a signed-in visitor; for a signed-out one (null), a link to sign
 * in that comes back to the listing. The link is the same for every signed-out visitor, so the
 * pages the edge cache keeps stay one page for all of them (ADR 0099).
 */
export function SellerContact({ contact, listingId }: { contact: string | null; listingId: string }) {
  if (contact === null) {
    return (
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: listingPath(listingId) })}`}
        className={styles.contactSignIn}
        data-testid="contact-sign-in"
      >
        {CONTACT_HIDDEN_TEXT}
      </Link>
    );
  }
  return (
    <span className={styles.nowrap} data-testid="seller-contact">
      {contact || NOT_FOUND}
    </span>
  );
}

/** "2017, used for 9 years": the year of purchase and the years of use since. */
function purchased(year: number | null, currentYear: number): string {
  const used = yearsOfUse(year, currentYear);
  return year != null && used ? `${year}, used for ${used}` : NOT_FOUND;
}

/** A seller's rating beside its name: "★ 4.5 (12)", read out in words; nothing before the first. */
export function SellerRating({ average, count }: { average: number | null; count: number }) {
  if (!count || average == null) return null;
  const label = `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? "buyer" : "buyers"}`;
  return (
    <span className={styles.rating} title={label} role="img" aria-label={label}>
      {`★ ${average.toFixed(1)} (${count})`}
    </span>
  );
}

/**
 * The seller's Verified badge (an admin checked the seller), beside the seller's name. Its tick
 * is drawn by CSS: a listing page repeats it on every card, and the stylesheet says it once.
 */
export function VerifiedBadge() {
  return (
    <span className={styles.verified} title="Verified seller">
      Verified
    </span>
  );
}

/** "Fits your Canon EOS R6" / "Fits with an EF–RF adapter": a lens card's word for the buyer's camera. */
export function FitBadge({ fit }: { fit: { label: string; kind: "native" | "adapter" } }) {
  return (
    <p className={`${styles.fit} ${fit.kind === "native" ? styles.fitNative : styles.fitAdapter}`} data-fit={fit.kind}>
      {fit.label}
    </p>
  );
}
