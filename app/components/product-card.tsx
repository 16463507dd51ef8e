import type { ProductCard as ProductCardData } from "../domain/catalog.server";
import { photoSources } from "../domain/photo-keys";
import { formatPostedDate, formatPrice, NOT_FOUND, yearsOfUse } from "../utils/format";
import * as styles from "./product-card.css";

/** The listing card of the advertisement list and the category pages. */
export function ProductCard({
  product,
  currentYear,
  priority = false,
  headingLevel = 3,
  children,
}: {
  product: ProductCardData;
  currentYear: number;
  priority?: boolean;
  /** The level below the heading the cards are listed under. */
  headingLevel?: 2 | 3;
  children?: React.ReactNode;
}) {
  const photo = photoSources(product.photoKey, "card");
  const titleId = `product-${product.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {photo ? (
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          // The card's width in the 1/2/3-column grid (a 412 px phone at 1.75x loads the 640 file).
          sizes="(min-width: 1024px) 352px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
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
      <div className={styles.body}>
        <Heading id={titleId} className={styles.title}>
          {product.name || NOT_FOUND}
        </Heading>
        <p className={styles.prices}>
          <span className={styles.resale}>{formatPrice(product.resalePriceCents) ?? NOT_FOUND}</span>
          <span className={styles.original}>
            <span className={styles.label}>New:</span> {formatPrice(product.originalPriceCents) ?? NOT_FOUND}
          </span>
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Location</dt>
            <dd>{product.location || NOT_FOUND}</dd>
          </div>
          <div>
            <dt>Condition</dt>
            <dd>{product.condition || NOT_FOUND}</dd>
          </div>
          <div>
            <dt>Purchased</dt>
            <dd>{product.purchaseYear ?? NOT_FOUND}</dd>
          </div>
          <div>
            <dt>Used for</dt>
            <dd>{yearsOfUse(product.purchaseYear, currentYear) ?? NOT_FOUND}</dd>
          </div>
          <div>
            <dt>Posted</dt>
            <dd>{formatPostedDate(product.createdAt) ?? NOT_FOUND}</dd>
          </div>
          <div>
            <dt>Contact</dt>
            <dd>{product.contact || NOT_FOUND}</dd>
          </div>
        </dl>
        <p className={styles.seller}>
          <span className={styles.label}>Seller:</span> {product.sellerName || NOT_FOUND}
          {product.sellerVerifiedAt ? (
            <span className={styles.verified} title="Verified seller">
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="m12 1 3 2.2 3.7-.2 1.1 3.5L23 8.6 21.8 12l1.2 3.4-3.2 2.1-1.1 3.5-3.7-.2L12 23l-3-2.2-3.7.2-1.1-3.5L1 15.4 2.2 12 1 8.6l3.2-2.1 1.1-3.5 3.7.2L12 1Zm-1.3 14.6 6-6-1.4-1.4-4.6 4.6-2.3-2.3L7 11.9l3.7 3.7Z"
                />
              </svg>
              Verified
            </span>
          ) : null}
        </p>
        {children ? <div className={styles.actions}>{children}</div> : null}
      </div>
    </article>
  );
}
