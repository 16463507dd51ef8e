// Helpers for the seller suites: product forms as a browser sends them (multipart), photos made
// of the right (or wrong) first bytes, and a look at what R2 holds.
import { SELF } from "cloudflare:test";
import { database } from "#db/client";
import { products } from "#db/schema";
import { ORIGIN } from "./auth-helpers";
import { realPhoto } from "./photo-fixtures";
import { testEnv } from "./test-env";

export const db = () => database(testEnv.DB);

const MAGIC = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d],
  webp: [...new TextEncoder().encode("RIFF"), 0x24, 0x00, 0x00, 0x00, ...new TextEncoder().encode("WEBPVP8 ")],
  avif: [
    0x00,
    0x00,
    0x00,
    0x1c,
    ...new TextEncoder().encode("ftypavif"),
    0,
    0,
    0,
    0,
    ...new TextEncoder().encode("avifmif1miaf"),
  ],
} as const;

/** Bytes that start like a real photo of that kind, padded to `size`. */
export function photoBytes(kind: keyof typeof MAGIC, size = 256): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC[kind].slice(0, size));
  for (let i = MAGIC[kind].length; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/**
 * A photo file as a browser sends it: a real image of that kind, or, given a `size`, bytes that
 * only start like one (for the checks that come before any decoding: size, magic bytes).
 */
export const photoFile = (
  kind: keyof typeof MAGIC = "jpeg",
  size?: number,
  name = `camera.${kind === "jpeg" ? "jpg" : kind}`,
) => new File([size === undefined ? realPhoto(kind) : photoBytes(kind, size)], name, { type: `image/${kind}` });

/** A real photo followed by filler up to `size` bytes (decoders stop at the image's end). */
export function paddedPhoto(kind: "jpeg" | "png", size: number): Uint8Array<ArrayBuffer> {
  const photo = realPhoto(kind);
  const bytes = new Uint8Array(size);
  bytes.set(photo);
  return bytes;
}

export function textFile(text: string, name: string, type: string) {
  return new File([text], name, { type });
}

export const validFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  productName: "Canon EOS R6",
  category: "camera",
  condition: "Excellent",
  description: "Low shutter count, always kept in a bag.",
  originalPrice: "2,499.00",
  resalePrice: "19.99",
  purchaseYear: "2021",
  contact: "+1 415 555 0100",
  location: "Oakland, California",
  ...overrides,
});

export function productForm(
  fields: Record<string, string>,
  photos: File | File[] | null,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...extra })) form.set(name, value);
  // What a browser sends when no file is chosen: an empty, nameless file part.
  const files = photos === null ? [new File([], "", { type: "application/octet-stream" })] : [photos].flat();
  for (const file of files) form.append("img", file);
  return form;
}

/** The one-time token an Add Product page carries, read from the page as a browser would. */
export async function addProductToken(cookie: string): Promise<string> {
  const page = await SELF.fetch(`${ORIGIN}/dashboard/add_product`, { headers: { Cookie: cookie } });
  const token = /name="productToken" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error(`The Add Product page (${page.status}) carries no token`);
  return token;
}

/** The Add Product form posted the way a browser without JavaScript posts it (from a fresh page). */
export async function postAddProduct(cookie: string, form: FormData) {
  if (!form.has("intent")) form.set("intent", "create");
  // Someone who may not open the page (a buyer) gets no token, and sends none.
  if (!form.has("productToken")) form.set("productToken", await addProductToken(cookie).catch(() => ""));
  return SELF.fetch(`${ORIGIN}/dashboard/add_product`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
    redirect: "manual",
  });
}

export async function storedPhotoKeys(): Promise<string[]> {
  const listed = await testEnv.PHOTOS.list();
  return listed.objects.map((object) => object.key);
}

/** The photos R2 holds, one entry per photo (its renditions' stem, or an original's key). */
export async function storedPhotoStems(): Promise<string[]> {
  const stems = (await storedPhotoKeys()).map((key) => key.replace(/-(320|640|1280)\.webp$/, ""));
  return [...new Set(stems)].sort();
}

export async function productRows() {
  return db().select().from(products);
}

/** The flash-toast cookie a redirect sets, to send with the next request. */
export function toastCookieFrom(response: Response): string {
  const pair = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("pb_toast="))
    ?.split(";")[0];
  if (!pair) throw new Error("The response sets no toast");
  return pair;
}

/** Text as React writes it into HTML. */
export const asHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
