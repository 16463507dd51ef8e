// Leaving with one's data: "Download my data" is everything kept about the person and nothing of
// anyone else's; "Delete my account" needs a confirmation, is refused while a deal is open, and
// deletes as an admin's deletion does (sessions end, listings leave the storefront, the history
// others rely on stays), anonymised.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { DELETED_NAME, releasedAddress } from "#app/domain/privacy/account-deletion.server";
import { database } from "#db/client";
import {
  bookings,
  deals,
  messages,
  notificationPreferences,
  payments,
  products,
  ratings,
  recoveryCodes,
  sessions,
  subscribers,
  twoFactorCredentials,
  users,
  wishlistEntries,
} from "#db/schema";
import { accountClient, appCode } from "./account-helpers";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import {
  enrolTwoFactor,
  insertBooking,
  insertCategory,
  insertProduct,
  insertReport,
  insertSale,
  insertUser,
} from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const PASSWORD = "a password of mine";

/** A seller with a sale (paid), a message and a rating from the buyer, and a listing still for sale. */
async function sellerWithHistory() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({
    role: "seller",
    name: "Lea Leaving",
    email: "lea@example.com",
    phone: "+1 415 555 0123",
    passwordHash: await hashPassword(PASSWORD),
  });
  const buyer = await insertUser({ name: "Bo Buyer", email: "bo@example.com" });
  const sold = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Sold Leica" });
  const forSale = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Unsold Nikon",
    advertised: true,
  });
  const { booking, payment } = await insertSale({ productId: sold.id, buyerId: buyer.id, sellerId: seller.id });
  // A sale of the past: its money was released to the seller (a held one keeps the account).
  await db().update(deals).set({ state: "released" }).where(eq(deals.paymentId, payment.id));
  await db()
    .insert(messages)
    .values({ bookingId: booking.id, senderId: seller.id, body: "Thanks for buying!", idempotencyKey: "k1" });
  await db()
    .insert(ratings)
    .values({ paymentId: payment.id, buyerId: buyer.id, sellerId: seller.id, stars: 5, comment: "Great" });
  await db().insert(notificationPreferences).values({ userId: seller.id, kind: "booking_made", enabled: false });
  await db().insert(subscribers).values({ email: "LEA@example.com" });
  const stranger = await insertUser({ email: "stranger@example.com", name: "Stranger" });
  await insertReport({ productId: forSale.id, reporterId: stranger.id });
  return { category, seller, buyer, sold, forSale, booking, payment, stranger };
}

describe("Download my data", () => {
  it("is a JSON file of the account, its listings, deals, messages, ratings, reports and consents, and nothing else", async () => {
    const world = await sellerWithHistory();
    const myReport = await insertProduct({
      sellerId: world.stranger.id,
      categoryId: world.category.id,
      name: "Reported",
    });
    await insertReport({ productId: myReport.id, reporterId: world.seller.id, details: "Looks stolen" });
    const cookie = await sessionCookieFor(world.seller.id);
    const response = await get("/dashboard/settings/export", { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="pay-and-buy-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as Record<string, unknown> & {
      account: Record<string, unknown>;
      listings: Array<{ name: string }>;
      bookings: Array<{ id: string; yourSide: string }>;
      payments: Array<{ id: string }>;
      messages: Array<{ body: string; from: string }>;
      ratings: Array<{ stars: number; given: boolean }>;
      reports: Array<{ details: string | null }>;
      consents: { notifications: Array<{ kind: string; enabled: boolean }>; newsletter: unknown };
      sessions: unknown[];
    };
    expect(data.account).toMatchObject({
      id: world.seller.id,
      name: "Lea Leaving",
      email: "lea@example.com",
      phone: "+1 415 555 0123",
      role: "seller",
    });
    expect(data.listings.map((l) => l.name).sort()).toEqual(["Sold Leica", "Unsold Nikon"]);
    expect(data.bookings).toEqual([expect.objectContaining({ id: world.booking.id, yourSide: "seller" })]);
    expect(data.payments).toEqual([expect.objectContaining({ id: world.payment.id })]);
    expect(data.messages).toEqual([expect.objectContaining({ body: "Thanks for buying!", from: "you" })]);
    expect(data.ratings).toEqual([expect.objectContaining({ stars: 5, given: false })]);
    expect(data.reports).toEqual([expect.objectContaining({ details: "Looks stolen" })]);
    expect(data.consents.notifications).toContainEqual({ kind: "booking_made", label: "Booking made", enabled: false });
    expect(data.consents.newsletter).toEqual({ subscribedAt: expect.any(String) });
    expect(data.sessions).toHaveLength(1);
    // Nothing of anyone else's account (the buyer's and the stranger's addresses).
    const text = JSON.stringify(data);
    expect(text).not.toContain("bo@example.com");
    expect(text).not.toContain("stranger@example.com");
    expect(text).not.toContain("passwordHash");
    // Signed out: to the login page; the REST twin gives the same document.
    expect((await get("/dashboard/settings/export")).headers.get("Location")).toMatch(/^\/login/);
    const program = accountClient();
    const token = (await (
      await program.api("POST", "/token", { email: "lea@example.com", password: PASSWORD })
    ).json()) as { accessToken: string };
    const api = await program.api("GET", "/account/export", undefined, `Bearer ${token.accessToken}`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { account: { id: string } }).account.id).toBe(world.seller.id);
  });
});

describe("Delete my account", () => {
  it("needs the password, then deletes and anonymises the account and keeps the history others rely on", async () => {
    const world = await sellerWithHistory();
    await enrolTwoFactor(world.seller.id);
    await db().insert(recoveryCodes).values({ userId: world.seller.id, codeHash: "h" });
    const laptop = accountClient();
    await laptop.post("/login", { email: "lea@example.com", password: PASSWORD, website_confirm: "" });
    await laptop.post("/login/two-factor", { code: await appCode() });
    const phone = await sessionCookieFor(world.seller.id);
    const dialog = await (await laptop.get("/dashboard/settings?confirm=delete-account")).text();
    expect(dialog).toContain("Delete your account?");
    expect(dialog).toContain('name="currentPassword"');
    expect(dialog).toContain('name="code"');
    const wrong = await laptop.post("/dashboard/settings/delete-account", {
      currentPassword: "wrong one",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("<li>That is not your current password.</li>");
    const none = await laptop.post("/dashboard/settings/delete-account", {});
    expect(none.status).toBe(400);
    expect((await db().select().from(users).where(eq(users.id, world.seller.id)))[0]!.deletedAt).toBeNull();

    const deleted = await laptop.post("/dashboard/settings/delete-account", {
      currentPassword: PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(laptop.session()).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, world.seller.id));
    expect(row).toMatchObject({
      name: DELETED_NAME,
      email: releasedAddress(world.seller.id),
      phone: null,
      passwordHash: null,
      googleSubject: null,
    });
    expect(row!.deletedAt).not.toBeNull();
    // Every session ended; what was only theirs is gone.
    expect(
      (await db().select().from(sessions).where(eq(sessions.userId, world.seller.id))).every((s) => s.revokedAt),
    ).toBe(true);
    expect((await get("/dashboard/settings", { Cookie: phone })).headers.get("Location")).toMatch(/^\/login/);
    expect(await db().select().from(twoFactorCredentials)).toEqual([]);
    expect(await db().select().from(recoveryCodes)).toEqual([]);
    expect(await db().select().from(notificationPreferences)).toEqual([]);
    expect(await db().select().from(subscribers)).toEqual([]);
    // The listings left the storefront; the sale, its payment, message and rating stay for the buyer.
    expect((await get(`/listings/${world.forSale.id}`)).status).toBe(410);
    expect(await (await get("/search?q=Nikon")).text()).not.toContain("Unsold Nikon");
    expect(await db().select().from(payments)).toHaveLength(1);
    expect(await db().select().from(ratings)).toHaveLength(1);
    const buyerOrders = await (
      await get("/dashboard/my_orders", { Cookie: await sessionCookieFor(world.buyer.id) })
    ).text();
    expect(buyerOrders).toContain("Sold Leica");
    const thread = await (
      await get(`/dashboard/messages/${world.booking.id}`, { Cookie: await sessionCookieFor(world.buyer.id) })
    ).text();
    expect(thread).toContain("Thanks for buying!");
    expect(thread).toContain("Deleted user");
    // The address is free again: its owner may come back.
    const back = await postForm("/register", {
      name: "Lea Again",
      email: "lea@example.com",
      password: PASSWORD,
      website_confirm: "",
    });
    expect(back.status).toBe(302);
  });

  it("is refused while a paid sale's money is held, as the buyer or as the seller, and allowed once it is settled", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller", passwordHash: await hashPassword(PASSWORD) });
    const buyer = await insertUser({ passwordHash: await hashPassword(PASSWORD) });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Held Nikon" });
    await insertSale({ productId: product.id, buyerId: buyer.id, sellerId: seller.id });
    for (const who of [seller, buyer]) {
      const refused = await postForm(
        "/dashboard/settings/delete-account",
        { currentPassword: PASSWORD },
        { Cookie: await sessionCookieFor(who.id) },
      );
      expect(refused.status).toBe(409);
      const html = await refused.text();
      expect(html).toContain("Your account cannot be deleted while a deal is open");
      expect(html).toContain("wait until the payment of “Held Nikon” is settled");
      expect((await db().select().from(users).where(eq(users.id, who.id)))[0]!.deletedAt).toBeNull();
    }
    // Released to the seller: the deal is settled, and the buyer may leave.
    await db().update(deals).set({ state: "released" });
    const gone = await postForm(
      "/dashboard/settings/delete-account",
      { currentPassword: PASSWORD },
      { Cookie: await sessionCookieFor(buyer.id) },
    );
    expect(gone.status).toBe(302);
  });

  it("is refused with a clear message while a booking is open, as the buyer or as the seller", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller", passwordHash: await hashPassword(PASSWORD) });
    const buyer = await insertUser({ passwordHash: await hashPassword(PASSWORD) });
    const product = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Booked Canon",
      status: "booked",
    });
    await insertBooking(product, buyer.id);
    for (const who of [seller, buyer]) {
      const refused = await postForm(
        "/dashboard/settings/delete-account",
        { currentPassword: PASSWORD },
        { Cookie: await sessionCookieFor(who.id) },
      );
      expect(refused.status).toBe(409);
      const html = await refused.text();
      expect(html).toContain("Your account cannot be deleted while a deal is open");
      expect(html).toContain("“Booked Canon”");
      expect((await db().select().from(users).where(eq(users.id, who.id)))[0]!.deletedAt).toBeNull();
    }
    // Once the booking ends, the buyer may leave; the wishlist goes with the account.
    await db().update(bookings).set({ status: "cancelled", cancelledAt: new Date() });
    await db().update(products).set({ status: "available" });
    await db().insert(wishlistEntries).values({ buyerId: buyer.id, productId: product.id });
    const gone = await postForm(
      "/dashboard/settings/delete-account",
      { currentPassword: PASSWORD },
      { Cookie: await sessionCookieFor(buyer.id) },
    );
    expect(gone.status).toBe(302);
    expect(await db().select().from(wishlistEntries)).toEqual([]);
  });

  it("is not offered to an admin, asks an account without a password for its address, and has a REST twin", async () => {
    const admin = await insertUser({ role: "admin" });
    const adminCookie = await sessionCookieFor(admin.id);
    expect(await (await get("/dashboard/settings", { Cookie: adminCookie })).text()).not.toContain("Delete my account");
    const refused = await postForm(
      "/dashboard/settings/delete-account",
      { code: await appCode() },
      { Cookie: adminCookie },
    );
    expect(refused.status).toBe(403);
    const google = await insertUser({ email: "g@example.com", googleSubject: "g-sub", passwordHash: null });
    const cookie = await sessionCookieFor(google.id);
    expect(await (await get("/dashboard/settings?confirm=delete-account", { Cookie: cookie })).text()).toContain(
      'name="confirmEmail"',
    );
    const typo = await postForm(
      "/dashboard/settings/delete-account",
      { confirmEmail: "h@example.com" },
      { Cookie: cookie },
    );
    expect(typo.status).toBe(400);
    expect(
      (await postForm("/dashboard/settings/delete-account", { confirmEmail: "G@example.com" }, { Cookie: cookie }))
        .status,
    ).toBe(302);

    const member = await insertUser({ email: "api@example.com", passwordHash: await hashPassword(PASSWORD) });
    const program = accountClient();
    const token = (await (await program.api("POST", "/token", { email: member.email, password: PASSWORD })).json()) as {
      accessToken: string;
    };
    const bearer = `Bearer ${token.accessToken}`;
    expect((await program.api("DELETE", "/account", { currentPassword: "nope nope" }, bearer)).status).toBe(403);
    expect((await program.api("DELETE", "/account", { currentPassword: PASSWORD }, bearer)).status).toBe(200);
    expect((await program.api("GET", "/account", undefined, bearer)).status).toBe(401);
  });
});
