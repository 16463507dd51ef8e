// Response shapes of spec section 3, shared by the REST handlers. Prices are given both in
// dollars (the spec's numbers) and in integer cents (what the product stores).
import type { Context } from "hono";
import type { ProductCard } from "../../app/domain/catalog.server";
import type { Page } from "../../app/domain/list-query";
import { toDollars } from "../../app/domain/money";
import { photoUrl } from "../../app/domain/photo-keys";

export function advertisedProduct(product: ProductCard) {
  return {
    _id: product.id,
    productName: product.name,
    img: photoUrl(product.photoKey),
    location: product.location,
    resalePrice: toDollars(product.resalePriceCents),
    resalePriceCents: product.resalePriceCents,
    originalPrice: toDollars(product.originalPriceCents),
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

/** Paginated lists answer with an array (the spec's shape) and say the rest in headers. */
export function listHeaders(c: Context, page: Pick<Page<unknown>, "total" | "page" | "pageCount" | "pageSize">) {
  c.header("X-Total-Count", String(page.total));
  c.header("X-Page", String(page.page));
  c.header("X-Page-Count", String(page.pageCount));
  c.header("X-Page-Size", String(page.pageSize));
}
