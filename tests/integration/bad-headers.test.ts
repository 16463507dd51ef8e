// Headers a browser, a proxy or an attacker can send: cookies that are malformed, forged or of
// the wrong shape, form bodies of another type. None of them is ever a 500; a bad toast is no
// toast, and it is cleared.

import { SELF } from "cloudflare:test";
import { createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#app/server/auth.server";
import { get, ORIGIN, secrets, signedInUser } from "./auth-helpers";

/** A toast cookie signed the way the app signs it (or with another secret), holding any value. */
/** A toast cookie as app/utils/toast.server.ts writes one (a signed flash session), holding `toast`. */
async function toastCookie(toast: unknown, secret = secrets()[0]!) {
  const storage = createCookieSessionStorage({ cookie: { name: "pb_toast", secrets: [secret] } });
  const session = await storage.getSession();
  session.flash("toast", toast);
  return (await storage.commitSession(session)).split(";")[0]!;
}

const clearsToast = (response: Response) =>
  response.headers
    .getSetCookie()
    .some((value) => value.startsWith("pb_toast=;") && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(value));

const MALFORMED_SESSIONS = [
  `${SESSION_COOKIE}=%E0%A4%A`,
  `${SESSION_COOKIE}=%`,
  `${SESSION_COOKIE}=%ZZ%00`,
  `${SESSION_COOKIE}="unterminated`,
  `${SESSION_COOKIE}=a.b.c`,
  `${SESSION_COOKIE}=${"x".repeat(8000)}`,
  `${SESSION_COOKIE}=; ${SESSION_COOKIE}=%E0%A4%A`,
];

const MALFORMED_TOASTS = [
  "pb_toast=%E0%A4%A",
  "pb_toast=not base64!",
  "pb_toast=e30.@@@",
  "pb_toast=e30.",
  "pb_toast=.",
];

describe("a malformed session cookie", () => {
  for (const cookie of MALFORMED_SESSIONS) {
    it(`is a signed-out visitor, not a 500 (${cookie.slice(0, 40)})`, async () => {
      const home = await get("/", { Cookie: cookie });
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("Login");
      expect(html).not.toContain("Logout");
      expect((await get("/dashboard/my_orders", { Cookie: cookie })).headers.get("Location")).toMatch(/^\/login\?/);
      const jwt = await get("/api/jwt", { Cookie: cookie });
      expect(jwt.status).toBe(401);
    });
  }

  it("does not hide a valid session sent first", async () => {
    const { cookie } = await signedInUser("buyer");
    const response = await get("/api/jwt", { Cookie: `${cookie}; ${SESSION_COOKIE}=%E0%A4%A` });
    expect(response.status).toBe(200);
    expect((await response.json<{ tokenType: string }>()).tokenType).toBe("Bearer");
  });
});

describe("a bad toast cookie", () => {
  for (const cookie of MALFORMED_TOASTS) {
    it(`is no toast, and is cleared (${cookie})`, async () => {
      const response = await get("/", { Cookie: cookie });
      expect(response.status).toBe(200);
      expect(clearsToast(response)).toBe(true);
      expect(await response.text()).not.toContain('data-toast-type="');
    });
  }

  it("signed with another secret is no toast, and is cleared", async () => {
    const cookie = await toastCookie(
      { type: "success", message: "Planted message" },
      "another-secret-0123456789abcdefghijkl",
    );
    const response = await get("/", { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Planted message");
    expect(clearsToast(response)).toBe(true);
  });

  for (const [label, flash] of [
    ["an unknown type", { type: "<b>bold</b>", message: "Odd type" }],
    ["a type that is an object", { type: { nested: true }, message: "Object type" }],
    ["a message that is not text", { type: "success", message: { html: "<i>x</i>" } }],
    ["a huge message", { type: "success", message: "x".repeat(1500) }],
    ["a description that is a list", { type: "info", message: "List", description: ["a", "b"] }],
    ["no toast at all", ["not", "an", "object"]],
  ] as const) {
    it(`of the wrong shape (${label}) is no toast, and is cleared`, async () => {
      const response = await get("/", { Cookie: await toastCookie(flash) });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('data-toast-type="');
      expect(html).not.toContain("Odd type");
      expect(clearsToast(response)).toBe(true);
    });
  }

  it("of the right shape is shown once, and cleared", async () => {
    const response = await get("/", {
      Cookie: await toastCookie({ type: "success", message: "Saved", description: "All good" }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Saved");
    expect(html).toContain("All good");
    expect(clearsToast(response)).toBe(true);
  });

  it("beside a valid session keeps the visitor signed in", async () => {
    const { cookie } = await signedInUser("buyer");
    const response = await get("/", { Cookie: `pb_toast=%E0%A4%A; ${cookie}` });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Logout");
  });
});

describe("a form body that is not a readable form", () => {
  const post = (path: string, headers: Record<string, string>, body: string) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, ...headers },
      body,
      redirect: "manual",
    });

  for (const [label, type] of [
    ["no Content-Type", null],
    ["JSON", "application/json"],
    ["a charset other than UTF-8", "application/x-www-form-urlencoded; charset=utf-16"],
    ["multipart without a boundary", "multipart/form-data"],
    ["multipart with a boundary the body lacks", "multipart/form-data; boundary=abc"],
  ] as const) {
    it(`is a 400 page, not a 500 (${label})`, async () => {
      const { cookie } = await signedInUser("buyer");
      const headers: Record<string, string> = { Cookie: cookie };
      if (type) headers["Content-Type"] = type;
      for (const path of ["/login", "/dashboard/my_orders", "/?index"]) {
        const response = await post(path, headers, "intent=cancel&bookingId=x");
        expect(response.status, `${path} answered ${response.status}`).toBe(400);
        expect(await response.text()).toContain("The form could not be read.");
      }
    });
  }

  it("with no body at all is an empty form (logout still signs out)", async () => {
    const { cookie } = await signedInUser("buyer");
    const response = await post("/logout", { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, "");
    expect(response.status).toBe(302);
    expect((await get("/api/jwt", { Cookie: cookie })).status).toBe(401);
  });
});
