// A seller's listing with photos, as Add Product leaves it (photo rows in order, their renditions
// in R2, the cover set by the database's trigger), and ways to look at it afterwards.
import { SELF } from "cloudflare:test";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { newPhotoStem, RENDITION_WIDTHS, renditionKey } from "#app/domain/catalog/photo-keys";
import { productPhotos, products } from "#db/schema";
import { ORIGIN } from "./auth-helpers";
import { insertProduct } from "./factories";
import { realPhoto } from "./photo-fixtures";
import { db, toastCookieFrom } from "./seller-helpers";
import { testEnv } from "./test-env";

export async function listingWithPhotos(
  sellerId: string,
  categoryId: string,
  count: number,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const product = await insertProduct({ sellerId, categoryId, ...overrides });
  const photos: Array<{ id: string; key: string }> = [];
  for (let position = 0; position < count; position++) {
    const key = newPhotoStem();
    for (const width of RENDITION_WIDTHS) {
      await testEnv.PHOTOS.put(renditionKey(key, width), realPhoto("webp"), {
        httpMetadata: { contentType: "image/webp" },
      });
    }
    const [row] = await db()
      .insert(productPhotos)
      .values({ productId: product.id, position, key, width: 40, height: 30 })
      .returning();
    photos.push({ id: row!.id, key });
  }
  return { product, photos };
}

/** The ids of the listing's shown photos, in order. */
export async function photoOrder(productId: string): Promise<string[]> {
  const rows = await db()
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(and(eq(productPhotos.productId, productId), isNotNull(productPhotos.position)))
    .orderBy(asc(productPhotos.position));
  return rows.map((row) => row.id);
}

export async function allPhotoRows(productId: string) {
  return db().select().from(productPhotos).where(eq(productPhotos.productId, productId));
}

export async function productRow(productId: string) {
  const [row] = await db().select().from(products).where(eq(products.id, productId));
  return row!;
}

export async function coverKey(productId: string) {
  return (await productRow(productId)).photoKey;
}

export const editPath = (productId: string) => `/dashboard/my_product/${productId}/edit`;

/** Each form of the edit page and the URL it posts to, below the page's own (ADR 0071). */
export const EDIT_FORMS = {
  details: "details",
  offers: "offers",
  add: "photos/add",
  move: "photos/move",
  remove: "photos/remove",
} as const;

export type EditForm = keyof typeof EDIT_FORMS;

/** Where a form of the edit page posts; a name that is no form's: the page itself. */
export const editActionPath = (productId: string, form: string) =>
  form in EDIT_FORMS ? `${editPath(productId)}/${EDIT_FORMS[form as EditForm]}` : editPath(productId);

/**
 * A form of the edit page posted as a browser without JavaScript posts it: `intent` names the
 * form (it picks the URL and is not sent).
 */
export function postEdit(
  cookie: string,
  productId: string,
  { intent, ...fields }: Record<string, string>,
  files: File[] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append("img", file);
  return SELF.fetch(`${ORIGIN}${editActionPath(productId, intent ?? "")}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
    redirect: "manual",
  });
}

/** The toast a redirect carries, read back from the page it leads to. */
export async function toastOf(response: Response, cookie: string): Promise<{ type: string; text: string } | null> {
  if (response.status !== 302) return null;
  const page = await SELF.fetch(`${ORIGIN}${response.headers.get("Location")}`, {
    headers: { Cookie: `${cookie}; ${toastCookieFrom(response)}` },
  });
  const html = await page.text();
  const type = /data-toast-type="([a-z]+)"/.exec(html)?.[1];
  const text = /data-toast-type="[a-z]+"[^>]*>([\s\S]*?)<\//.exec(html)?.[1];
  return type ? { type, text: text ?? "" } : null;
}
