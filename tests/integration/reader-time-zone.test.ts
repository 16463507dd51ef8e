// The reader's time zone (ADR 0104): chosen in Settings or the REST API, guessed once by the
// browser and never over a choice, in the data export and erased with the account; the pages write
// a reader's dates in it, and say UTC for a reader without one.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteOwnAccount } from "#app/domain/privacy/account-deletion.server";
import { bookings, users } from "#db/schema";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { db } from "./money-fixtures";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const zoneOf = async (id: string) =>
  (await db().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id)))[0]!.timeZone;

const api = async (userId: string, method: string, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/account/time-zone`, {
    method,
    headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("the reader's time zone", () => {
  it("is chosen in Settings from the page's list; another name is refused with a 400 and nothing kept", async () => {
    const { user, cookie } = await signedInUser("buyer");
    const page = await (await get("/dashboard/settings", { Cookie: cookie })).text();
    expect(page).toContain("Dates and times are written in UTC");
    expect(page).toContain('<option value="Europe/Berlin">Europe/Berlin</option>');
    expect(page).toContain('<option value="America/New_York">America/New York</option>');

    const saved = await postForm("/dashboard/settings/time-zone", { timeZone: "Europe/Berlin" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/dashboard/settings");
    expect(await zoneOf(user.id)).toBe("Europe/Berlin");
    const after = await (await get("/dashboard/settings", { Cookie: cookie })).text();
    expect(after).toContain("Dates and times are written in Europe/Berlin time");

    for (const bad of ["Mars/Olympus", "x".repeat(500), "<script>"]) {
      const refused = await postForm("/dashboard/settings/time-zone", { timeZone: bad }, { Cookie: cookie });
      expect(refused.status).toBe(400);
    }
    expect(await zoneOf(user.id)).toBe("Europe/Berlin");
    // Back to UTC.
    await postForm("/dashboard/settings/time-zone", { timeZone: "UTC" }, { Cookie: cookie });
    expect(await zoneOf(user.id)).toBeNull();
    // Signed out: to the sign-in page, nothing kept.
    const signedOut = await postForm("/dashboard/settings/time-zone", { timeZone: "Asia/Tokyo" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
  });

  it("is guessed once by the browser, and a guess never overwrites a zone already kept", async () => {
    const { user, cookie } = await signedInUser("buyer");
    const guessed = await postForm(
      "/dashboard/settings/time-zone",
      { timeZone: "America/Chicago", guessed: "1" },
      { Cookie: cookie },
    );
    expect(guessed.status).toBe(200);
    expect(await zoneOf(user.id)).toBe("America/Chicago");
    // Two tabs guessing at once, another zone: the first kept stays.
    const again = await Promise.all(
      ["Asia/Tokyo", "Europe/Paris"].map((timeZone) =>
        postForm("/dashboard/settings/time-zone", { timeZone, guessed: "1" }, { Cookie: cookie }),
      ),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await zoneOf(user.id)).toBe("America/Chicago");
    const later = await (await get("/dashboard/settings", { Cookie: cookie })).text();
    expect(later).toContain("Dates and times are written in America/Chicago time");
    // A bad guess is a 422 and keeps nothing.
    const { user: other, cookie: otherCookie } = await signedInUser("buyer");
    const bad = await postForm(
      "/dashboard/settings/time-zone",
      { timeZone: "Nowhere/Land", guessed: "1" },
      { Cookie: otherCookie },
    );
    expect(bad.status).toBe(422);
    expect(await zoneOf(other.id)).toBeNull();
  });

  it("writes a reader's deadlines in their zone, and says UTC for a reader without one", async () => {
    const listing = await bookedListing(45_000);
    await db()
      .update(bookings)
      .set({ expiresAt: new Date(Date.UTC(2036, 10, 25, 14, 5)) })
      .where(eq(bookings.id, listing.booking.id));
    const inUtc = await (await get("/dashboard/my_orders", { Cookie: listing.buyer.cookie })).text();
    expect(inUtc).toContain("Pay by 25 Nov 2036, 14:05 UTC");
    await db().update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, listing.buyer.user.id));
    const inNewYork = await (await get("/dashboard/my_orders", { Cookie: listing.buyer.cookie })).text();
    expect(inNewYork).toContain("Pay by 25 Nov 2036, 09:05 EST");
    expect(inNewYork).not.toContain("14:05 UTC");
    const payment = await (
      await get(`/dashboard/payment/${listing.booking.id}`, { Cookie: listing.buyer.cookie })
    ).text();
    expect(payment).toContain("Pay by 25 Nov 2036, 09:05 EST");
  });

  it("is read and kept through the REST API with the one error shape", async () => {
    const { user } = await signedInUser("seller");
    expect(await (await api(user.id, "GET")).json()).toEqual({ timeZone: null });
    const put = await api(user.id, "PUT", { timeZone: "asia/tokyo" });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ timeZone: "Asia/Tokyo" });
    expect(await zoneOf(user.id)).toBe("Asia/Tokyo");
    for (const body of [{ timeZone: "Mars/Olympus" }, { timeZone: 5 }, {}, [], "Asia/Tokyo"]) {
      const refused = await api(user.id, "PUT", body);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ error: { message: expect.any(String) } });
    }
    expect(await zoneOf(user.id)).toBe("Asia/Tokyo");
    expect((await api(user.id, "PUT", { timeZone: null })).status).toBe(200);
    expect(await zoneOf(user.id)).toBeNull();
    const anonymous = await SELF.fetch(`${ORIGIN}/api/account/time-zone`, { method: "PUT", body: "{}" });
    expect(anonymous.status).toBe(401);
  });

  it("is in the data export and erased with the account", async () => {
    const { user, cookie, password } = await signedInUser("buyer", { timeZone: "Europe/Lisbon" });
    const exported = (await (await get("/dashboard/settings/export", { Cookie: cookie })).json()) as {
      account: { timeZone: string | null };
    };
    expect(exported.account.timeZone).toBe("Europe/Lisbon");
    const deleted = await deleteOwnAccount(
      db(),
      { id: user.id, email: user.email, role: user.role },
      { currentPassword: password },
      { secrets: [testEnv.SESSION_SECRET], clientAddress: "203.0.113.9" },
    );
    expect(deleted.ok).toBe(true);
    expect(await zoneOf(user.id)).toBeNull();
  });
});
