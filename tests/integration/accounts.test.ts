import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { database } from "#db/client";
import { signInAttempts, users } from "#db/schema";
import { get, postForm, sessionCookieFrom, signedInUser } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const register = (fields: Record<string, string>) => postForm("/register", { website_confirm: "", ...fields });
const login = (fields: Record<string, string>, headers?: Record<string, string>) =>
  postForm("/login", { website_confirm: "", ...fields }, headers);

async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

describe("registration", () => {
  it("creates a buyer by default, signs them in and goes to the remembered page", async () => {
    const response = await register({
      name: "Nora Buyer",
      email: "Nora@Example.com",
      password: "long enough",
      redirectTo: "/dashboard",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieFrom(response);
    expect(cookie).toBeTruthy();
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/__Host-pb_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const user = await userByEmail("nora@example.com");
    expect(user).toMatchObject({ name: "Nora Buyer", role: "buyer", email: "Nora@Example.com" });
    expect(user!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const dashboard = await get("/dashboard", { Cookie: cookie! });
    expect(dashboard.headers.get("Location")).toBe("/dashboard/my_orders");
    // The toast is shown on the next page.
    const next = await get("/", { Cookie: `${cookie}; ${toastCookie(response)}` });
    expect(await next.text()).toContain("Nora Buyer, User created successfully");
  });

  it("creates a seller when Seller is chosen", async () => {
    const response = await register({
      name: "Sam Seller",
      email: "sam@example.com",
      password: "long enough",
      role: "seller",
    });
    expect(response.status).toBe(302);
    expect((await userByEmail("sam@example.com"))!.role).toBe("seller");
  });

  it("never creates an admin from a request", async () => {
    const response = await register({
      name: "Mallory",
      email: "mallory@example.com",
      password: "long enough",
      role: "admin",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose Buyer or Seller.");
    expect(await userByEmail("mallory@example.com")).toBeUndefined();
  });

  it("refuses a registered email, whatever its case, keeping the other values but not the password", async () => {
    await insertUser({ email: "taken@example.com" });
    const response = await register({ name: "Tess", email: "TAKEN@example.com", password: "secret-password" });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("This email is already registered");
    expect(html).toContain('value="Tess"');
    expect(html).not.toContain("secret-password");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it.each([
    [{}, ["Name is required.", "Email is required.", "Password is required."]],
    [
      { name: "A", email: "not-an-email", password: "short" },
      ["Invalid email address. E.g. name@example.com", "Password should be at least 8 characters"],
    ],
    [{ name: "   ", email: "a@b.co", password: "long enough" }, ["Name is required."]],
  ])("shows the spec's messages for %j", async (fields, messages) => {
    const response = await register(fields as Record<string, string>);
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of messages) expect(html).toContain(message);
  });

  it("refuses a filled honeypot without creating anything", async () => {
    const response = await register({
      name: "Bot",
      email: "bot@example.com",
      password: "long enough",
      website_confirm: "http://spam",
    });
    expect(response.status).toBe(400);
    expect(await userByEmail("bot@example.com")).toBeUndefined();
  });

  it("lets only one of two simultaneous registrations of an email win", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        register({ name: `Racer ${i}`, email: "race@example.com", password: "long enough" }),
      ),
    );
    expect(attempts.filter((r) => r.status === 302)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 409)).toHaveLength(4);
    const rows = await db().select().from(users).where(sql`lower(${users.email}) = 'race@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it("shows the password rule under the password field, tied to it for screen readers", async () => {
    const html = await (await get("/register")).text();
    const input = /<input[^>]*id="register-password"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('aria-describedby="register-password-hint"');
    expect(html).toMatch(/<p id="register-password-hint"[^>]*>At least 8 characters\.<\/p>/);
    // After a refused submit the rule stays, and the error joins it.
    const refused = await (await register({ name: "Short", email: "short@example.com", password: "short" })).text();
    const after = /<input[^>]*id="register-password"[^>]*>/.exec(refused)?.[0] ?? "";
    expect(after).toContain('aria-describedby="register-password-hint register-password-error"');
    expect(refused).toContain("At least 8 characters.");
  });
});

describe("login", () => {
  it("signs in, welcomes the user back and returns to the remembered page", async () => {
    const { user, password } = await signedInUser("seller", { name: "Sally", email: "sally@example.com" });
    const response = await login({ email: "SALLY@example.com", password, redirectTo: "/dashboard/my_product" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/my_product");
    const cookie = sessionCookieFrom(response)!;
    const page = await get("/dashboard/my_product", { Cookie: `${cookie}; ${toastCookie(response)}` });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Welcome back, Sally");
    expect(html).toContain("Logout");
    expect(user.id).toBeTruthy();
  });

  it("issues a new session at every sign-in", async () => {
    const { password, user } = await signedInUser("buyer");
    const first = sessionCookieFrom(await login({ email: user.email, password }));
    const second = sessionCookieFrom(await login({ email: user.email, password }));
    expect(first).not.toBe(second);
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "refuses to redirect to %s",
    async (redirectTo) => {
      const { user, password } = await signedInUser();
      const response = await login({ email: user.email, password, redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    },
  );

  it("tells an unknown email and a wrong password apart, as the spec does", async () => {
    const { user } = await signedInUser();
    const unknown = await login({ email: "nobody@example.com", password: "whatever123" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("this account not exist.");
    const wrong = await login({ email: user.email, password: "wrong-password" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("email and password didn&#x27;t match");
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain("wrong-password");
  });

  it("refuses a deleted account as if it did not exist", async () => {
    const password = "long enough";
    const user = await insertUser({ passwordHash: await hashPassword(password), deletedAt: new Date() });
    const response = await login({ email: user.email, password });
    expect(await response.text()).toContain("this account not exist.");
  });

  it("slows down repeated failures for one account, and a success resets the count", async () => {
    const { user, password } = await signedInUser();
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: user.email, password: "nope-nope" })).status).toBe(400);
    }
    // A success before the limit clears the account's failures.
    expect((await login({ email: user.email, password })).status).toBe(302);
    for (let i = 0; i < 5; i++) await login({ email: user.email, password: "nope-nope" });
    const limited = await login({ email: user.email, password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(sessionCookieFrom(limited)).toBeNull();
  });

  it("limits failures per client address across accounts", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.9" };
    const rows = Array.from({ length: 50 }, () => ({ subject: "ip:203.0.113.9", attemptedAt: new Date() }));
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(signInAttempts)
        .values(rows.slice(i, i + 10));
    const { user, password } = await signedInUser();
    const response = await login({ email: user.email, password }, headers);
    expect(response.status).toBe(429);
    const elsewhere = await login({ email: user.email, password }, { "CF-Connecting-IP": "198.51.100.1" });
    expect(elsewhere.status).toBe(302);
  });
});

describe("sessions", () => {
  it("logout is a POST that ends the session on the server", async () => {
    const { cookie } = await signedInUser();
    expect((await get("/dashboard/my_orders", { Cookie: cookie })).status).toBe(200);
    const viaGet = await get("/logout", { Cookie: cookie });
    expect(viaGet.status).toBe(302);
    expect((await get("/dashboard/my_orders", { Cookie: cookie })).status).toBe(200);
    const response = await postForm("/logout", {}, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join()).toContain("Max-Age=0");
    // The old cookie no longer works, even if a browser kept it.
    const after = await get("/dashboard/my_orders", { Cookie: cookie });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fmy_orders");
  });

  it("stops a deleted account's session at once", async () => {
    const { user, cookie } = await signedInUser();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await get("/dashboard/my_orders", { Cookie: cookie })).status).toBe(302);
  });

  it("ignores a tampered, re-signed or expired token", async () => {
    const { cookie } = await signedInUser();
    const [name, token] = cookie.split("=") as [string, string];
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...claims, sub: "someone-else" }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${payload}.`;
    for (const bad of [`${header}.${forged}.${signature}`, none, `${token}x`, "garbage"]) {
      const response = await get("/dashboard", { Cookie: `${name}=${bad}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login/);
    }
  });
});

describe("guards", () => {
  const adminPages = ["/dashboard/all_sellers", "/dashboard/all_buyers", "/dashboard/reported_items"];
  const sellerPages = ["/dashboard/add_product", "/dashboard/my_product", "/dashboard/my_buyer"];
  const buyerPages = ["/dashboard/my_orders", "/dashboard/wishlist"];

  it("sends signed-out visitors to /login with the page remembered", async () => {
    for (const path of [
      ...adminPages,
      ...sellerPages,
      ...buyerPages,
      "/dashboard/payment/some-booking",
      "/dashboard",
      "/products/camera",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it.each([
    ["admin", adminPages, [...sellerPages, ...buyerPages, "/dashboard/payment/some-booking"]],
    ["seller", sellerPages, [...adminPages, ...buyerPages, "/dashboard/payment/some-booking"]],
    ["buyer", buyerPages, [...adminPages, ...sellerPages]],
  ] as const)("lets a %s into its pages and answers 403 elsewhere", async (role, allowed, refused) => {
    const { cookie } = await signedInUser(role);
    for (const path of allowed) expect((await get(path, { Cookie: cookie })).status, path).toBe(200);
    for (const path of refused) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBe(403);
      const html = await response.text();
      expect(html).toContain("Oops!...");
      expect(html).toContain("Forbidden");
    }
  });

  it("shows each role its own dashboard tabs, the current one marked", async () => {
    const { cookie } = await signedInUser("admin");
    const html = await (await get("/dashboard/all_buyers", { Cookie: cookie })).text();
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/dashboard\/all_buyers"|<a[^>]*href="\/dashboard\/all_buyers"[^>]*aria-current="page"/,
    );
    for (const tab of ["All Sellers", "All Buyers", "Reported Items"]) expect(html).toContain(tab);
    expect(html).not.toContain("My Orders");
  });

  it("sends a signed-in visitor of /login on to the page", async () => {
    const { cookie } = await signedInUser();
    const response = await get("/login?redirectTo=%2Fdashboard", { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

function toastCookie(response: Response): string {
  const value = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  return value ? value.split(";")[0]! : "";
}
