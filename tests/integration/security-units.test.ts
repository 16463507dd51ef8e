import { SELF } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  MAX_PBKDF2_ITERATIONS,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from "#app/domain/accounts/passwords.server";
import { signToken, verifyToken } from "#app/domain/accounts/tokens.server";
import { safeRedirect } from "#app/utils/redirect";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";

const OLD = "an-old-secret-that-is-long-enough-0000";
const NEW = "a-new-secret-that-is-long-enough-11111";

describe("passwords", () => {
  it("hash with PBKDF2-SHA-256 at the Workers cap, salted, verifiable", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(MAX_PBKDF2_ITERATIONS);
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horsf", a)).toBe(false);
    expect(await verifyPassword("x", null)).toBe(false);
  });

  it("refuse records above the iteration cap or in another scheme", async () => {
    const record = await hashPassword("pw-pw-pw-pw");
    const [, , salt, hash] = record.split("$");
    expect(await verifyPassword("pw-pw-pw-pw", `pbkdf2-sha256$200000$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword("pw-pw-pw-pw", `bcrypt$100000$${salt}$${hash}`)).toBe(false);
  });
});

describe("tokens", () => {
  const expiresAt = () => new Date(Date.now() + 60_000);
  /** A web token signed with NEW by hand: any payload, any algorithm. */
  const handMadeToken = (payload: Record<string, string>, alg = "HS256") =>
    new SignJWT(payload)
      .setProtectedHeader({ alg })
      .setIssuer("pay-and-buy")
      .setAudience("pay-and-buy:web")
      .setSubject("u1")
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(new TextEncoder().encode(NEW));

  it("are accepted with any configured secret, so secrets can rotate", async () => {
    const token = await signToken(
      { sub: "u1", sid: "s1" },
      { audience: "web", expiresAt: expiresAt(), secrets: [OLD] },
    );
    expect(await verifyToken(token, { audience: "web", secrets: [NEW, OLD] })).toEqual({ sub: "u1", sid: "s1" });
    expect(await verifyToken(token, { audience: "web", secrets: [NEW] })).toBeNull();
  });

  it("carry the role a session began with, and drop a role that is not one", async () => {
    const seller = await signToken(
      { sub: "u1", sid: "s1", role: "seller" },
      { audience: "web", expiresAt: expiresAt(), secrets: [NEW] },
    );
    expect(await verifyToken(seller, { audience: "web", secrets: [NEW] })).toEqual({
      sub: "u1",
      sid: "s1",
      role: "seller",
    });
    const odd = await handMadeToken({ sid: "s1", role: "superuser" });
    expect(await verifyToken(odd, { audience: "web", secrets: [NEW] })).toEqual({ sub: "u1", sid: "s1" });
  });

  it("are bound to their audience and expire", async () => {
    const web = await signToken({ sub: "u1", sid: "s1" }, { audience: "web", expiresAt: expiresAt(), secrets: [NEW] });
    expect(await verifyToken(web, { audience: "api", secrets: [NEW] })).toBeNull();
    const expired = await signToken(
      { sub: "u1", sid: "s1" },
      { audience: "web", expiresAt: new Date(Date.now() - 1000), secrets: [NEW] },
    );
    expect(await verifyToken(expired, { audience: "web", secrets: [NEW] })).toBeNull();
  });

  it("refuse other algorithms and missing claims", async () => {
    const hs512 = await handMadeToken({ sid: "s1" }, "HS512");
    expect(await verifyToken(hs512, { audience: "web", secrets: [NEW] })).toBeNull();
    const noSid = await handMadeToken({});
    expect(await verifyToken(noSid, { audience: "web", secrets: [NEW] })).toBeNull();
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/dashboard?tab=1#x", "/dashboard?tab=1#x"],
    ["/products/camera%20lens", "/products/camera%20lens"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/ok\n/evil", "/"],
    ["", "/"],
    [null, "/"],
    // Dot segments fold away when the path is read: these would read as another site's address.
    ["/.//evil.example", "/"],
    ["/..//evil.example/x?y=1", "/"],
    ["/%2e//evil.example", "/"],
    ["/./\\evil.example", "/"],
    ["/..//[", "/"],
    ["/a/..//b", "/"],
    ["/a/../b", "/b"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("keeps a form's redirectTo on this site whatever dot segments it carries (POST /verify-email)", async () => {
    const user = await insertUser({ role: "buyer" });
    for (const redirectTo of ["/.//evil.example", "/..//[", "/%2e//x:99999"]) {
      const response = await SELF.fetch(`${ORIGIN}/verify-email`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: await sessionCookieFor(user.id),
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "resend", redirectTo }),
      });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/verify-email");
    }
  });
});
