// A seller's listings in every state a listing page must answer for, shared by the listing
// page, SEO and API tests.
import { newPhotoStem } from "#app/domain/catalog/photo-keys";
import { insertCategory, insertProduct, insertUser } from "./factories";

export const NOBODY = "00000000-0000-4000-8000-000000000000";

/** Line breaks, markup and a script end in a seller's words: shown as text, never as HTML. */
export const TRICKY_DESCRIPTION =
  'Shutter tested at every speed.\nLight marks on the base plate.\n<b>bold</b> & "quoted" </script><script>alert(1)</script>\u2028end';

export const STATES = ["available", "booked", "sold", "deleted", "removed", "seller deleted"] as const;
export type State = (typeof STATES)[number];

/** One listing per state (the seller deleted has its own seller), plus the seller's other listings. */
export async function listingWorld() {
  const run = crypto.randomUUID().slice(0, 6);
  const category = await insertCategory({ title: `Camera ${run}` });
  const seller = await insertUser({ role: "seller", name: "Vera Lens", verifiedAt: new Date() });
  const leaver = await insertUser({ role: "seller", name: "Gone Seller", deletedAt: new Date() });
  const listing = (state: State, overrides: Partial<Parameters<typeof insertProduct>[0]> = {}) =>
    insertProduct({
      sellerId: state === "seller deleted" ? leaver.id : seller.id,
      categoryId: category.id,
      name: `Leica M6 ${state} ${run}`,
      description: TRICKY_DESCRIPTION,
      condition: "Excellent",
      originalPriceCents: 300_000,
      resalePriceCents: 195_000,
      purchaseYear: 2019,
      location: "Temescal, Oakland",
      photoKey: newPhotoStem(),
      status: state === "booked" || state === "sold" ? state : "available",
      deletedAt: state === "deleted" ? new Date() : null,
      removedAt: state === "removed" ? new Date() : null,
      createdAt: new Date("2026-11-02T10:00:00Z"),
      ...overrides,
    });
  const rows = {} as Record<State, Awaited<ReturnType<typeof insertProduct>>>;
  for (const state of STATES) rows[state] = await listing(state);
  // Five more available listings of Vera's, newest last: the page shows the newest four.
  const others = [];
  for (let n = 1; n <= 5; n++) {
    others.push(
      await insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        name: `Other gear ${n} ${run}`,
        createdAt: new Date(Date.UTC(2026, 10, 10 + n)),
      }),
    );
  }
  return { category, seller, rows, others };
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}
