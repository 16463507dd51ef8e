// The one list of a product's own fields as a read selects them: what its seller filled in on
// the product form (its category by slug, its gear with the whole serial), for the seller's list,
// the edit page and the calls that answer with them. The public card's leaner list is
// `cardFields` (catalog.server); a listing's public page reads `gearSpecColumns`, never the serial.
import { categories, products } from "#db/schema";
import { detailColumns } from "./listing-details.server";

/** A listing's gear columns as its public page and the API read them: everything but the serial. */
export const gearSpecColumns = {
  gearKind: products.gearKind,
  brand: products.brand,
  brandOther: products.brandOther,
  model: products.model,
  modelOther: products.modelOther,
  mount: products.mount,
  sensorFormat: products.sensorFormat,
  shutterCount: products.shutterCount,
  shutterCountMethod: products.shutterCountMethod,
  focalMinMm: products.focalMinMm,
  focalMaxMm: products.focalMaxMm,
  apertureWide: products.apertureWide,
  apertureTele: products.apertureTele,
} as const;

/** A product's form fields and id; the query joins `categories` on the product's category. */
export const listingColumns = {
  id: products.id,
  ...detailColumns,
  categorySlug: categories.slug,
  ...gearSpecColumns,
  serialNumber: products.serialNumber,
  offersAccepted: products.offersAccepted,
} as const;
