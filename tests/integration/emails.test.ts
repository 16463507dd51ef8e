// One email rule: stored as typed, compared without case exactly as the lower(email) index
// compares, wherever an email selects an account, a permission or a rate limit.
import { describe, expect, it } from "vitest";
import { normalizeEmail, sameEmail } from "#app/domain/accounts/emails";
import { bearerFor, get, sessionCookieFor, signedInUser } from "./auth-helpers";
import { insertUser } from "./factories";
import { api } from "./moderation-helpers";
import { testEnv } from "./test-env";

describe("normalizeEmail", () => {
  it("folds case exactly as SQLite's lower() does, and trims", async () => {
    for (const email of ["Mixed.Case@Example.COM", "ÉLODIE@Example.com", "ß-STRASSE@x.DE", "plain@example.com"]) {
      const row = await testEnv.DB.prepare("select lower(?) as folded").bind(email).first<{ folded: string }>();
      expect(normalizeEmail(` ${email}\t`), email).toBe(row!.folded);
    }
    expect(sameEmail(" Ann@Example.com", "ann@EXAMPLE.com ")).toBe(true);
    expect(sameEmail("ann@example.com", "anne@example.com")).toBe(false);
  });
});

describe("an email in any case names the same account", () => {
  it("for the caller's own record, its token, an admin's verification and the sign-in limit", async () => {
    const { user, password } = await signedInUser("seller", { email: "Mixed.Case@Example.com" });
    const bearer = await bearerFor(user.id);
    const own = await api("/user?email=MIXED.CASE@example.COM", { auth: bearer });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ _id: user.id });
    const jwt = await get("/api/jwt?email=mixed.case@EXAMPLE.com", { Cookie: await sessionCookieFor(user.id) });
    expect(jwt.status).toBe(200);
    const admin = await bearerFor((await insertUser({ role: "admin" })).id);
    const verified = await api("/sellerVerify", {
      method: "PUT",
      json: { sellerEmail: "MIXED.case@example.com" },
      auth: admin,
    });
    expect(await verified.json()).toMatchObject({ userResult: { modifiedCount: 1 } });
    // Five failures under five spellings are five failures of one account.
    for (const email of [
      "MIXED.CASE@EXAMPLE.COM",
      "mixed.case@example.com",
      "Mixed.Case@example.com",
      "mIXED.cASE@example.com",
      " MiXeD.CaSe@Example.Com",
    ]) {
      const wrong = await api("/token", { method: "POST", json: { email, password: "not the password" } });
      expect(wrong.status, email).toBe(401);
    }
    const limited = await api("/token", { method: "POST", json: { email: "mixed.CASE@example.com", password } });
    expect(limited.status).toBe(429);
  });
});
