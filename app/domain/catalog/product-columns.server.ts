// The one list of a product's own fields as a read selects them: what its seller filled in on
// the product form (its category by slug), for the seller's list, the edit page and the calls
// that answer with them. The public card's leaner list is `cardFields` (catalog.server).
import { categories, products } from "#db/schema";

/** A product's form fields and id; the query joins `categories` on the product's category. */
export const productColumns = {
  id: products.id,
  name: products.name,
  categorySlug: categories.slug,
  condition: products.condition,
  description: products.description,
  originalPriceCents: products.originalPriceCents,
  resalePriceCents: products.resalePriceCents,
  purchaseYear: products.purchaseYear,
  contact: products.contact,
  location: products.location,
} as const;
