// "Own or any": who may read an account or a booking, decided in one domain module and kept by
// both adapters (the pages' role guards and the REST API's).
import { describe, expect, it } from "vitest";
import { accessTo, hasPermission, hasRole, mayReadAccount } from "#app/domain/accounts/permissions";
import type { Role } from "#db/closed-lists";
import { bearerFor, get, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { api } from "./moderation-helpers";
import { bookedListing } from "./payment-fixtures";

const ROLES: Role[] = ["buyer", "seller", "admin"];

describe("the permissions", () => {
  it("let an admin read any account and booking, everyone else only their own", () => {
    for (const role of ROLES) {
      const user = { role, email: "Me@example.com" };
      const any = role === "admin";
      expect(mayReadAccount(user, "me@EXAMPLE.com"), role).toBe(true);
      expect(mayReadAccount(user, "someone@example.com"), role).toBe(any);
      expect(accessTo(user, "read", "booking"), role).toBe(any ? "any" : "own");
      expect(hasPermission(user, "read:account:any"), role).toBe(any);
      expect(hasRole(user, ["admin"]), role).toBe(any);
    }
    expect(hasRole({ role: "seller" }, ["buyer", "seller"])).toBe(true);
  });

  it("are what the REST API and the pages answer", async () => {
    const { booking, buyer, seller } = await bookedListing();
    const stranger = await insertUser({ role: "buyer" });
    const admin = await insertUser({ role: "admin" });
    const bookingAs = async (userId: string) =>
      (await api(`/booking/${booking.id}`, { auth: await bearerFor(userId) })).status;
    expect(await bookingAs(buyer.user.id)).toBe(200);
    expect(await bookingAs(seller.id)).toBe(200);
    expect(await bookingAs(admin.id)).toBe(200);
    expect(await bookingAs(stranger.id)).toBe(404);
    const accountAs = async (userId: string) =>
      (await api(`/user?email=${encodeURIComponent(buyer.user.email)}`, { auth: await bearerFor(userId) })).status;
    expect(await accountAs(buyer.user.id)).toBe(200);
    expect(await accountAs(admin.id)).toBe(200);
    expect(await accountAs(stranger.id)).toBe(403);
    expect((await get("/dashboard/all_sellers", { Cookie: await sessionCookieFor(admin.id) })).status).toBe(200);
    expect((await get("/dashboard/all_sellers", { Cookie: await sessionCookieFor(stranger.id) })).status).toBe(403);
  });
});
