// The stolen-gear register (ADR 0056): a listing whose serial matches a registration is held out
// of the storefront (the listing rule, the search index, booking) until the admin decides; a
// registration made after the listing holds it too and ends its unpaid booking. Nobody learns by
// probing whether a serial is registered: the registration answers the same either way, the
// seller reads only "held for review", and both are rate limited.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { readSearchParams } from "#app/domain/catalog/search-params";
import { REGISTRATIONS_PER_DAY } from "#app/domain/moderation/stolen-serials.server";
import { database } from "#db/client";
import { bookings, products, serialEntries, serialMatches, stolenSerials } from "#db/schema";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertUser, USD } from "./factories";
import { photoFile, postAddProduct, productForm, toastCookieFrom, validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

const register = (cookie: string, fields: Record<string, string>) =>
  postForm(
    "/dashboard/stolen_gear",
    {
      intent: "register",
      brand: "canon",
      stolenOn: "2026-10-01",
      policeReference: "PR 99",
      ...fields,
    },
    { Cookie: cookie },
  );

async function toastOf(response: Response, cookie: string) {
  const page = await (await get("/about", { Cookie: `${cookie}; ${toastCookieFrom(response)}` })).text();
  return /data-toast-type="([a-z]+)"[^>]*>([^<]*)/.exec(page)?.slice(1) ?? null;
}

async function searchable(word: string) {
  const read = readSearchParams(new URLSearchParams({ q: word }), USD);
  if (!read.ok) throw new Error(read.message);
  const result = await searchListings(db(), read.query);
  return result.ok ? result.listings.rows.map((row) => row.id) : [];
}

async function held(productId: string) {
  const [row] = await db().select({ heldAt: products.heldAt }).from(products).where(eq(products.id, productId));
  return row?.heldAt !== null && row?.heldAt !== undefined;
}

describe("a listing with a registered serial", () => {
  it("is held when it is added: out of the storefront, the search and booking; its seller reads only 'held for review'", async () => {
    await insertCategory({ title: "Camera" });
    const victim = await signedInUser("buyer");
    expect((await register(victim.cookie, { serialNumber: "0331-0021-7755" })).status).toBe(302);
    const { cookie } = await signedInUser("seller");
    const response = await postAddProduct(
      cookie,
      productForm(
        validFields({ productName: "Zqheld camera", model: "canon-eos-r6", serialNumber: "033 100 217 755" }),
        photoFile("webp"),
      ),
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response, cookie)).toEqual([
      "success",
      "Product added Successfully. It is held for review before it appears on Pay&amp;Buy.",
    ]);
    const [listing] = await db().select().from(products);
    expect(listing!.heldAt).not.toBeNull();
    expect(await searchable("zqheld")).toEqual([]);
    expect((await get(`/listings/${listing!.id}`)).status).toBe(410);
    const myProducts = await (await get("/dashboard/my_product", { Cookie: cookie })).text();
    expect(myProducts).toContain("Held for review");
    // No word of why in the listing's row.
    const row = /<tr[^>]*>(?:(?!<\/tr>).)*Zqheld camera(?:(?!<\/tr>).)*<\/tr>/s.exec(myProducts)?.[0] ?? "";
    expect(row).toContain("Held for review");
    expect(row).not.toMatch(/stolen|serial|match/i);
    const buyer = await signedInUser("buyer");
    const book = await postForm(
      `/listings/${listing!.id}`,
      { intent: "book", productId: listing!.id, meetLocation: "Here", buyerContact: "+1 415 555 0100" },
      { Cookie: buyer.cookie },
    );
    expect(await toastOf(book, buyer.cookie)).toEqual(["error", "This product is no longer available."]);
    // Editing is refused while the review lasts.
    const edit = await get(`/dashboard/my_product/${listing!.id}/edit`, { Cookie: cookie });
    expect(await edit.text()).toContain("This listing is held for review and cannot be changed until the review ends.");
  });

  it("matches on the serial and, where both name one, the brand", async () => {
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: "Camera" });
    const victim = await signedInUser("buyer");
    const listing = (serialNumber: string, brand: string | null) =>
      insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        serialNumber,
        ...(brand
          ? {
              gearKind: "body" as const,
              brand,
              model: "other",
              modelOther: "X",
              ...(brand === "other" ? { brandOther: "Y" } : {}),
            }
          : {}),
      });
    const canon = await listing("SERIAL1", "canon");
    const nikon = await listing("SERIAL1", "nikon");
    const typed = await listing("SERIAL1", "other");
    const noBrand = await listing("SERIAL1", null);
    const elsewhere = await listing("SERIAL2", "canon");
    await register(victim.cookie, { serialNumber: "serial-1" });
    expect([
      await held(canon.id),
      await held(nikon.id),
      await held(typed.id),
      await held(noBrand.id),
      await held(elsewhere.id),
    ]).toEqual([true, false, true, true, false]);
  });
});

describe("registering a serial", () => {
  it("holds the live listings that have it and ends their unpaid booking, in one write", async () => {
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser();
    const category = await insertCategory({ title: "Camera" });
    const booked = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      serialNumber: "ABC1234",
      status: "booked",
      description: "zqbooked",
    });
    const booking = await insertBooking(booked, buyer.id);
    const deleted = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      serialNumber: "ABC1234",
      deletedAt: new Date(),
    });
    const { cookie } = await signedInUser("buyer");
    await register(cookie, { serialNumber: "abc 1234" });
    expect(await held(booked.id)).toBe(true);
    expect(await held(deleted.id)).toBe(false);
    const [ended] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(ended).toMatchObject({ status: "cancelled", endReason: "listing_held" });
    const [product] = await db().select().from(products).where(eq(products.id, booked.id));
    expect(product!.status).toBe("available");
    expect(await searchable("zqbooked")).toEqual([]);
  });

  it("answers the same whether or not a listing matched: same status, same page, same JSON", async () => {
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: "Camera" });
    await insertProduct({ sellerId: seller.id, categoryId: category.id, serialNumber: "MATCH123" });
    const { user, cookie } = await signedInUser("buyer");
    const matched = await register(cookie, { serialNumber: "MATCH123" });
    const unmatched = await register(cookie, { serialNumber: "NOMATCH1" });
    expect([matched.status, matched.headers.get("Location")]).toEqual([
      unmatched.status,
      unmatched.headers.get("Location"),
    ]);
    expect(await toastOf(matched, cookie)).toEqual(await toastOf(unmatched, cookie));
    const auth = await bearerFor(user.id);
    const api = (serialNumber: string) =>
      SELF.fetch(`${ORIGIN}/api/stolen-serials`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body: JSON.stringify({ brand: "canon", serialNumber, stolenOn: "2026-10-01", note: "From my car" }),
      });
    await insertProduct({ sellerId: seller.id, categoryId: category.id, serialNumber: "MATCH456" });
    const [a, b] = [await api("MATCH456"), await api("NOMATCH2")];
    expect([a.status, await a.json()]).toEqual([b.status, await b.json()]);
    // The reporter's own list says nothing of matches either.
    const mine = await (await SELF.fetch(`${ORIGIN}/api/stolen-serials`, { headers: { Authorization: auth } })).json<
      Array<Record<string, unknown>>
    >();
    expect(mine).toHaveLength(4);
    for (const row of mine)
      expect(Object.keys(row).sort()).toEqual(
        [
          "_id",
          "brand",
          "brandName",
          "note",
          "policeReference",
          "registeredAt",
          "serialNumber",
          "stolenOn",
          "withdrawn",
        ].sort(),
      );
  });

  it("is one registration on a double submit, and at most a few a day per account", async () => {
    const { cookie } = await signedInUser("buyer");
    await register(cookie, { serialNumber: "TWICE123" });
    await register(cookie, { serialNumber: "TWICE123" });
    expect(await db().select().from(stolenSerials)).toHaveLength(1);
    for (let i = 1; i < REGISTRATIONS_PER_DAY; i++)
      expect((await register(cookie, { serialNumber: `DAY${i}X00` })).status).toBe(302);
    const over = await register(cookie, { serialNumber: "ONEMORE1" });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain("the most a day");
    expect(await db().select().from(stolenSerials)).toHaveLength(REGISTRATIONS_PER_DAY);
  });

  it("refuses bad input with a message on its field and writes nothing", async () => {
    const { cookie } = await signedInUser("buyer");
    for (const [fields, message] of [
      [{ serialNumber: "1-2" }, "Serial number must have 4 to 40 letters and digits."],
      [{ serialNumber: "ABCD1234", stolenOn: "2999-01-01" }, "not after today"],
      [{ serialNumber: "ABCD1234", policeReference: "", note: "" }, "Give a police reference or a note."],
      [{ serialNumber: "ABCD1234", brand: "other" }, "Type the brand&#x27;s name."],
    ] as const) {
      const response = await register(cookie, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await db().select().from(stolenSerials)).toEqual([]);
  });
});

describe("a seller listing serials", () => {
  it("may give at most twenty new serials a day (listing is not a way to probe the register)", async () => {
    await insertCategory({ title: "Camera" });
    const { user, cookie } = await signedInUser("seller");
    const now = Date.now();
    await db()
      .insert(serialEntries)
      .values(Array.from({ length: 20 }, () => ({ userId: user.id, createdAt: new Date(now - 1000) })));
    const refused = await postAddProduct(
      cookie,
      productForm(validFields({ serialNumber: "PROBE123" }), photoFile("webp")),
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("serial numbers today");
    // Without a serial the listing is added.
    expect((await postAddProduct(cookie, productForm(validFields(), photoFile("webp")))).status).toBe(302);
    // Counted per day: yesterday's do not count.
    await db()
      .update(serialEntries)
      .set({ createdAt: new Date(now - 2 * 86_400_000) });
    expect(
      (await postAddProduct(cookie, productForm(validFields({ serialNumber: "PROBE123" }), photoFile("webp")))).status,
    ).toBe(302);
  });
});

describe("the admin's review", () => {
  async function heldWorld() {
    const seller = await signedInUser("seller");
    const category = await insertCategory({ title: "Camera" });
    const listing = await insertProduct({
      sellerId: seller.user.id,
      categoryId: category.id,
      serialNumber: "REVIEW1",
      description: "zqreview",
    });
    const victim = await signedInUser("buyer", { name: "Victim Person" });
    await register(victim.cookie, { serialNumber: "REVIEW1", note: "Taken at the station" });
    const admin = await signedInUser("admin");
    return { seller, listing, victim, admin };
  }

  it("shows both sides, and a cleared hold puts the listing back for good (an edit does not hold it again)", async () => {
    const { seller, listing, admin } = await heldWorld();
    const page = await (await get("/dashboard/serial_holds", { Cookie: admin.cookie })).text();
    expect(page).toContain("serial REVIEW1");
    expect(page).toContain("Victim Person");
    expect(page).toContain("Taken at the station");
    expect(await searchable("zqreview")).toEqual([]);
    const clear = await postForm(
      "/dashboard/serial_holds",
      { intent: "clear", id: listing.id },
      { Cookie: admin.cookie },
    );
    expect(await toastOf(clear, admin.cookie)).toEqual([
      "success",
      "The hold is cleared: the listing is back on the storefront.",
    ]);
    expect(await held(listing.id)).toBe(false);
    expect(await searchable("zqreview")).toEqual([listing.id]);
    // The seller edits it, serial unchanged: the cleared match holds it no more.
    const edit = await postForm(
      `/dashboard/my_product/${listing.id}/edit/details`,
      {
        ...validFields({ category: "camera", description: "zqreview again" }),
        serialNumber: "REVIEW1",
      },
      { Cookie: seller.cookie },
    );
    expect(edit.status).toBe(302);
    expect(await held(listing.id)).toBe(false);
    expect(await db().select({ resolution: serialMatches.resolution }).from(serialMatches)).toEqual([
      { resolution: "cleared" },
    ]);
  });

  it("removes a held listing, and deletes a registration made in bad faith (releasing what it held)", async () => {
    const { listing, admin, seller } = await heldWorld();
    const remove = await SELF.fetch(`${ORIGIN}/api/serial-holds/${listing.id}`, {
      method: "PUT",
      headers: { Authorization: await bearerFor(admin.user.id), "Content-Type": "application/json" },
      body: JSON.stringify({ action: "remove" }),
    });
    expect(remove.status).toBe(200);
    const [removed] = await db().select().from(products).where(eq(products.id, listing.id));
    expect(removed!.removedAt).not.toBeNull();
    expect(
      (
        await SELF.fetch(`${ORIGIN}/api/serial-holds/${listing.id}`, {
          method: "PUT",
          headers: { Authorization: await bearerFor(admin.user.id), "Content-Type": "application/json" },
          body: JSON.stringify({ action: "clear" }),
        })
      ).status,
    ).toBe(404);

    const other = await insertProduct({
      sellerId: seller.user.id,
      categoryId: removed!.categoryId,
      serialNumber: "BADFAITH1",
    });
    const reporter = await signedInUser("buyer");
    await register(reporter.cookie, { serialNumber: "BADFAITH1" });
    expect(await held(other.id)).toBe(true);
    const [registration] = await db().select().from(stolenSerials).where(eq(stolenSerials.serial, "BADFAITH1"));
    const deleted = await postForm(
      "/dashboard/serial_holds",
      { intent: "delete", id: registration!.id },
      { Cookie: admin.cookie },
    );
    expect(await toastOf(deleted, admin.cookie)).toEqual(["success", "The registration is deleted."]);
    expect(await held(other.id)).toBe(false);
    // A deleted registration matches no new listing.
    const again = await insertProduct({
      sellerId: seller.user.id,
      categoryId: removed!.categoryId,
      serialNumber: "ELSE1234",
    });
    await db().update(products).set({ serialNumber: "BADFAITH1" }).where(eq(products.id, again.id));
    const edit = await postForm(
      `/dashboard/my_product/${again.id}/edit/details`,
      { ...validFields({ category: "camera" }), serialNumber: "BADFAITH1" },
      { Cookie: seller.cookie },
    );
    expect(edit.status).toBe(302);
    expect(await held(again.id)).toBe(false);
  });

  it("lets a reporter withdraw its own registration only; the hold it made stays for the admin", async () => {
    const { listing, victim } = await heldWorld();
    const [registration] = await db().select().from(stolenSerials);
    const stranger = await signedInUser("buyer");
    const refused = await postForm(
      "/dashboard/stolen_gear",
      { intent: "withdraw", id: registration!.id },
      { Cookie: stranger.cookie },
    );
    expect(await toastOf(refused, stranger.cookie)).toEqual(["error", "There is no such registration among yours."]);
    const withdrawn = await postForm(
      "/dashboard/stolen_gear",
      { intent: "withdraw", id: registration!.id },
      { Cookie: victim.cookie },
    );
    expect(await toastOf(withdrawn, victim.cookie)).toEqual(["success", "Your registration is withdrawn."]);
    expect(await held(listing.id)).toBe(true);
  });
});
