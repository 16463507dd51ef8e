// Verified email addresses: registration sends a link; until it is opened a banner offers Resend,
// an unverified seller's listings are not public (the listing rule and the search index), and
// payouts wait; buying, wishlisting and messaging still work. Opening the link asks for a click
// (a mail scanner's visit changes nothing). A change of address is confirmed at the new address,
// and the old one is told.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VERIFICATION_MESSAGES } from "#app/domain/accounts/account-messages";
import { mayReceivePayouts } from "#app/domain/accounts/email-verification.server";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { WITHHELD } from "#app/domain/notifications/email.server";
import { database } from "#db/client";
import { accountTokens, emailOutbox, users } from "#db/schema";
import { accountClient, lettersTo, linkFromLetter, tokenOf } from "./account-helpers";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const PASSWORD = "long enough password";

async function registeredSeller(browser = accountClient()) {
  const response = await browser.post("/register", {
    name: "Vera Verify",
    email: "vera@example.com",
    password: PASSWORD,
    role: "seller",
    website_confirm: "",
  });
  expect(response.status).toBe(302);
  await browser.deliver();
  const [vera] = await db().select().from(users).where(eq(users.email, "vera@example.com"));
  return { browser, vera: vera! };
}

describe("a new account's address", () => {
  it("gets a link at registration; until it is opened, a banner with Resend is on every page", async () => {
    const { browser, vera } = await registeredSeller();
    expect(vera.emailVerifiedAt).toBeNull();
    const [letter] = await lettersTo("vera@example.com");
    expect(letter).toMatchObject({ kind: "verify_email", subject: "Confirm your email address for Pay&Buy" });
    for (const path of ["/", "/dashboard/my_product", "/about"]) {
      const html = await (await browser.get(path)).text();
      expect(html, path).toContain("Please verify your email address");
      expect(html, path).toContain("Until then your listings are not shown to buyers.");
      expect(html, path).toContain('value="resend"');
    }
    // Resend: a second letter, but not twice within a minute.
    const tooSoon = await browser.post("/verify-email", { intent: "resend", redirectTo: "/about" });
    expect(tooSoon.headers.get("Location")).toBe("/about");
    await db()
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(accountTokens.userId, vera.id));
    const resent = await browser.post("/verify-email", { intent: "resend", redirectTo: "/about" });
    expect(resent.status).toBe(302);
    await browser.deliver();
    expect((await lettersTo("vera@example.com")).filter((l) => l.kind === "verify_email")).toHaveLength(2);
    // A verified buyer sees no banner.
    const buyer = await insertUser();
    expect(await (await get("/", { Cookie: await sessionCookieFor(buyer.id) })).text()).not.toContain(
      "Please verify your email address",
    );
  });

  it("keeps an unverified seller's listings from buyers (pages, search, the API) until the link is confirmed", async () => {
    const { browser, vera } = await registeredSeller();
    const category = await insertCategory({ title: "Camera" });
    const listing = await insertProduct({
      sellerId: vera.id,
      categoryId: category.id,
      name: "Verafocal 50mm",
      advertised: true,
    });
    const buyer = accountClient();
    expect((await buyer.get(`/listings/${listing.id}`)).status).toBe(404);
    expect(await (await buyer.get("/search?q=Verafocal")).text()).not.toContain("Verafocal 50mm");
    expect(await (await buyer.get("/")).text()).not.toContain("Verafocal 50mm");
    expect((await buyer.api("GET", `/listings/${listing.id}`)).status).toBe(404);
    // The seller still sees it among their own.
    expect(await (await browser.get("/dashboard/my_product")).text()).toContain("Verafocal 50mm");

    const link = await linkFromLetter("vera@example.com", "verify_email");
    // Opening the link (as a mail scanner would) verifies nothing: the page asks to confirm.
    const page = await accountClient().get(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm vera@example.com");
    expect((await db().select().from(users).where(eq(users.id, vera.id)))[0]!.emailVerifiedAt).toBeNull();

    const confirmed = await accountClient().post("/verify-email", { intent: "confirm", token: tokenOf(link) });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/login");
    expect((await db().select().from(users).where(eq(users.id, vera.id)))[0]!.emailVerifiedAt).not.toBeNull();
    expect((await buyer.get(`/listings/${listing.id}`)).status).toBe(200);
    expect(await (await buyer.get("/search?q=Verafocal")).text()).toContain("Verafocal 50mm");
    expect(await (await browser.get("/")).text()).not.toContain("Please verify your email address");
    // The same link again a moment later (a double submit): the same success; then a clear page.
    const again = await accountClient().post("/verify-email", { intent: "confirm", token: tokenOf(link) });
    expect(again.status).toBe(302);
    await db()
      .update(accountTokens)
      .set({ usedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(accountTokens.userId, vera.id));
    const used = await accountClient().post("/verify-email", { intent: "confirm", token: tokenOf(link) });
    expect(used.status).toBe(410);
    expect(await used.text()).toContain(VERIFICATION_MESSAGES.used);
  });

  it("lets an unverified buyer book, wishlist and message, and keeps payouts waiting for the address", async () => {
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: "Camera" });
    const listing = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Any Lens" });
    const other = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Other Lens" });
    const buyer = await insertUser({ emailVerifiedAt: null, passwordHash: await hashPassword(PASSWORD) });
    const cookie = await sessionCookieFor(buyer.id);
    const wish = await postForm("/?index", { intent: "wishlist-add", productId: other.id }, { Cookie: cookie });
    expect(wish.status).toBe(302);
    const book = await postForm(
      "/?index",
      { intent: "book", productId: listing.id, meetLocation: "Union Square", buyerContact: "+1 415 555 0101" },
      { Cookie: cookie },
    );
    expect(book.status).toBe(302);
    expect(await (await get("/dashboard/my_orders", { Cookie: cookie })).text()).toContain("Any Lens");
    expect(await (await get("/dashboard/wishlist", { Cookie: cookie })).text()).toContain("Other Lens");
    expect(mayReceivePayouts({ emailVerified: false })).toEqual({
      ok: false,
      message: VERIFICATION_MESSAGES.notForPayouts,
    });
    expect(mayReceivePayouts({ emailVerified: true })).toEqual({ ok: true });
  });

  it("answers an expired, forged or other-purpose link with a clear page, never a 500", async () => {
    const { vera } = await registeredSeller();
    const link = await linkFromLetter("vera@example.com", "verify_email");
    await db()
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, vera.id));
    const expired = await get(link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(VERIFICATION_MESSAGES.expired);
    for (const token of ["", "nope", "A".repeat(43), "<script>"]) {
      const page = await get(`/verify-email?token=${encodeURIComponent(token)}`);
      expect(page.status, token).toBe(400);
      const post = await postForm("/verify-email", { intent: "confirm", token });
      expect(post.status, token).toBe(400);
    }
    expect((await postForm("/verify-email", { intent: "other" })).status).toBe(400);
    // Resend needs a signed-in account.
    expect((await postForm("/verify-email", { intent: "resend" })).headers.get("Location")).toMatch(/^\/login/);
  });

  it("keeps the link out of the outbox of a server that is not LOCAL_DEV", async () => {
    const browser = accountClient();
    await browser.post("/register", { name: "Nel", email: "nel@example.com", password: PASSWORD, website_confirm: "" });
    await browser.deliver({ LOCAL_DEV: "false" });
    const [letter] = await db().select().from(emailOutbox);
    expect(letter!.body).toContain(WITHHELD);
    expect(letter!.body).not.toMatch(/token=/);
  });
});

describe("a change of address", () => {
  async function signedIn() {
    const user = await insertUser({
      email: "old@example.com",
      name: "Olga",
      passwordHash: await hashPassword(PASSWORD),
    });
    const browser = accountClient();
    await browser.post("/login", { email: user.email, password: PASSWORD, website_confirm: "" });
    return { user, browser };
  }

  it("needs the current password, goes to the new address, and tells the old one once it is done", async () => {
    const { user, browser } = await signedIn();
    const wrong = await browser.post("/dashboard/settings/email", {
      email: "new@example.com",
      currentPassword: "not it",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password.");
    const taken = await insertUser({ email: "taken@example.com" });
    const clash = await browser.post("/dashboard/settings/email", {
      email: taken.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(clash.status).toBe(409);
    const asked = await browser.post("/dashboard/settings/email", {
      email: "new@example.com",
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(302);
    await browser.deliver();
    // Until the link is opened, nothing changes.
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe("old@example.com");
    expect(await (await browser.get("/dashboard/settings")).text()).toContain("A link was sent to new@example.com");
    const [letter] = await lettersTo("new@example.com");
    expect(letter).toMatchObject({ kind: "change_email" });
    expect(letter!.body).toContain("instead of old@example.com");
    const link = await linkFromLetter("new@example.com", "change_email");
    expect(await (await accountClient().get(link)).text()).toContain("Confirm new@example.com");
    const done = await browser.post("/verify-email", { intent: "confirm", token: tokenOf(link) });
    expect(done.headers.get("Location")).toBe("/dashboard/settings");
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe("new@example.com");
    expect(after!.emailVerifiedAt).not.toBeNull();
    await browser.deliver();
    const [notice] = await lettersTo("old@example.com");
    expect(notice).toMatchObject({ kind: "email_changed", subject: "Your Pay&Buy email address was changed" });
    expect(notice!.body).toContain("from old@example.com to new@example.com");
    // Signing in uses the new address.
    const login = await postForm("/login", { email: "new@example.com", password: PASSWORD, website_confirm: "" });
    expect(login.status).toBe(302);
  });

  it("binds the link to the new address: an address taken meanwhile is refused, old reset links die", async () => {
    const { user, browser } = await signedIn();
    await browser.post("/forgot-password", { email: "old@example.com", website_confirm: "" });
    await browser.post("/dashboard/settings/email", { email: "new@example.com", currentPassword: PASSWORD });
    await browser.deliver();
    const reset = tokenOf(await linkFromLetter("old@example.com", "reset_password"));
    const change = tokenOf(await linkFromLetter("new@example.com", "change_email"));
    // Someone registers the new address first: the change is refused, and nothing moves.
    await insertUser({ email: "NEW@example.com" });
    const clash = await postForm("/verify-email", { intent: "confirm", token: change });
    expect(clash.status).toBe(409);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe("old@example.com");
    await db().update(users).set({ email: "gone@example.com" }).where(eq(users.email, "NEW@example.com"));
    expect((await postForm("/verify-email", { intent: "confirm", token: change })).status).toBe(302);
    expect((await get(`/reset-password?token=${reset}`)).status).toBe(410);
  });

  it("is refused for the account's own address and answered by PUT /api/account/email too", async () => {
    const { browser } = await signedIn();
    const same = await browser.post("/dashboard/settings/email", {
      email: "OLD@example.com",
      currentPassword: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain(VERIFICATION_MESSAGES.sameAddress);
    const jwt = (await (await browser.get("/api/jwt")).json()) as { accessToken: string };
    const bearer = `Bearer ${jwt.accessToken}`;
    const refused = await browser.api(
      "PUT",
      "/account/email",
      { email: "api@example.com", currentPassword: "nope" },
      bearer,
    );
    expect(refused.status).toBe(403);
    const asked = await browser.api(
      "PUT",
      "/account/email",
      { email: "api@example.com", currentPassword: PASSWORD },
      bearer,
    );
    expect(asked.status).toBe(202);
    await browser.deliver();
    const token = tokenOf(await linkFromLetter("api@example.com", "change_email"));
    const confirmed = await browser.api("POST", "/email/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: "api@example.com", emailVerified: true });
    expect((await browser.api("POST", "/email/confirm", { token: "forged" })).status).toBe(400);
  });
});

describe("POST /api/account/verification", () => {
  it("sends a new link to an unverified caller, and says when the address is verified already", async () => {
    const program = accountClient();
    const created = await program.api("POST", "/users", { name: "Api", email: "api@example.com", password: PASSWORD });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(false);
    const token = (await (
      await program.api("POST", "/token", { email: "api@example.com", password: PASSWORD })
    ).json()) as {
      accessToken: string;
    };
    const bearer = `Bearer ${token.accessToken}`;
    expect((await program.api("POST", "/account/verification", undefined, bearer)).status).toBe(429);
    await db()
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) });
    expect((await program.api("POST", "/account/verification", undefined, bearer)).status).toBe(202);
    await program.deliver();
    const link = await linkFromLetter("api@example.com", "verify_email");
    expect((await program.api("POST", "/email/confirm", { token: tokenOf(link) })).status).toBe(200);
    const verified = await program.api("POST", "/account/verification", undefined, bearer);
    expect(verified.status).toBe(409);
    expect((await (await program.api("GET", "/account", undefined, bearer)).json()) as object).toMatchObject({
      email: "api@example.com",
      emailVerified: true,
    });
  });
});
