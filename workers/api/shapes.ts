// Response shapes of spec section 3, shared by the REST handlers. Prices are given both in
// dollars (the spec's numbers) and in integer cents (what the product stores).
import { photoUrl } from "../../app/domain/photo-keys";
import type { ProductCard } from "../../app/domain/catalog.server";

export const dollars = (cents: number) => cents / 100;

export function advertisedProduct(product: ProductCard) {
  return {
    _id: product.id,
    productName: product.name,
    img: photoUrl(product.photoKey),
    location: product.location,
    resalePrice: dollars(product.resalePriceCents),
    resalePriceCents: product.resalePriceCents,
    originalPrice: dollars(product.originalPriceCents),
    originalPriceCents: product.originalPriceCents,
    purchaseYear: product.purchaseYear,
    condition: product.condition,
    date: product.createdAt.toISOString(),
    name: product.sellerName,
    email: product.sellerEmail,
    contact: product.contact,
    isSellerVerification: product.sellerVerifiedAt !== null,
  };
}
