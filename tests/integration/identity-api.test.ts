import { SELF } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { users } from "#db/schema";
import { bearerFor, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${ORIGIN}/api${path}`, { ...init, headers, body });
}

describe("GET /api/jwt", () => {
  it("issues a token only to a signed-in caller, for its own email", async () => {
    expect((await api("/jwt?email=anyone@example.com")).status).toBe(401);
    const { user, cookie } = await signedInUser("buyer", { email: "me@example.com" });
    expect((await api("/jwt?email=someone@example.com", { headers: { Cookie: cookie } })).status).toBe(403);
    const response = await api("/jwt?email=ME@example.com", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const { accessToken } = await response.json<{ accessToken: string }>();
    const me = await api("/user", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ _id: user.id, email: "me@example.com", isBuyer: true });
  });

  it("a token from a browser session dies with that session (logout)", async () => {
    const { cookie } = await signedInUser();
    const { accessToken } = await (await api("/jwt", { headers: { Cookie: cookie } })).json<{ accessToken: string }>();
    await postForm("/logout", {}, { Cookie: cookie });
    expect((await api("/user", { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(401);
  });

  it("a web session cookie is not a bearer token", async () => {
    const { cookie } = await signedInUser();
    const token = cookie.split("=")[1];
    expect((await api("/user", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("POST /api/token", () => {
  it("signs a program in with email and password", async () => {
    const { user, password } = await signedInUser("seller");
    const response = await api("/token", { method: "POST", json: { email: user.email, password } });
    expect(response.status).toBe(200);
    const body = await response.json<{ accessToken: string; tokenType: string; expiresIn: number }>();
    expect(body.tokenType).toBe("Bearer");
    expect(body.expiresIn).toBeGreaterThan(3500);
    const seller = await api(`/user/seller/${encodeURIComponent(user.email)}`, {
      headers: { Authorization: `Bearer ${body.accessToken}` },
    });
    expect(await seller.json()).toEqual({ isSeller: true });
  });

  it("answers wrong credentials with 401 and bad bodies with 422 or 400", async () => {
    const { user } = await signedInUser();
    const wrong = await api("/token", { method: "POST", json: { email: user.email, password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { status: 401, code: "wrong_password", message: "email and password didn't match" },
    });
    const invalid = await api("/token", { method: "POST", json: { email: "x" } });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: {
        code: "invalid",
        fields: { email: ["Invalid email address. E.g. name@example.com"], password: ["Password is required."] },
      },
    });
    const notJson = await api("/token", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(422);
  });
});

describe("POST /api/users", () => {
  const body = { name: "Api User", email: "api@example.com", password: "long enough", date: new Date().toISOString() };

  it("registers a buyer by default and a seller with isSeller", async () => {
    const buyer = await api("/users", { method: "POST", json: { ...body, isBuyer: true, isSeller: false } });
    expect(buyer.status).toBe(201);
    expect(await buyer.json()).toMatchObject({ acknowledged: true, user: { role: "buyer", email: "api@example.com" } });
    const seller = await api("/users", {
      method: "POST",
      json: { ...body, email: "api-seller@example.com", isSeller: true },
    });
    expect(await seller.json()).toMatchObject({ user: { role: "seller" } });
  });

  it("ignores isAdmin and refuses the admin role", async () => {
    const sneaky = await api("/users", { method: "POST", json: { ...body, isAdmin: true } });
    expect(await sneaky.json()).toMatchObject({ user: { role: "buyer" } });
    const admin = await api("/users", { method: "POST", json: { ...body, email: "boss@example.com", role: "admin" } });
    expect(admin.status).toBe(422);
    const rows = await database(testEnv.DB).select().from(users).where(sql`${users.role} = 'admin'`);
    expect(rows).toHaveLength(0);
  });

  it("answers a taken email with 409 and a bad body with 400/422", async () => {
    await insertUser({ email: "API@example.com" });
    const taken = await api("/users", { method: "POST", json: body });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { message: "This email is already registered" } });
    expect((await api("/users", { method: "POST", json: [1, 2] })).status).toBe(400);
    const missing = await api("/users", { method: "POST", json: { email: "x@example.com" } });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      error: { fields: { name: ["Name is required."], password: ["Password is required."] } },
    });
  });
});

describe("GET /api/user and the role checks", () => {
  it("needs a token", async () => {
    for (const path of [
      "/user",
      "/user/admin/a@example.com",
      "/user/seller/a@example.com",
      "/user/buyer/a@example.com",
    ]) {
      const response = await api(path);
      expect(response.status, path).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
    expect((await api("/user", { headers: { Authorization: "Bearer not.a.token" } })).status).toBe(401);
  });

  it("lets a user ask only about itself; the email parameter selects nothing else", async () => {
    const me = await insertUser({ email: "me@example.com", role: "seller", verifiedAt: new Date() });
    const other = await insertUser({ email: "other@example.com" });
    const auth = { Authorization: await bearerFor(me.id) };
    expect(await (await api("/user", { headers: auth })).json()).toMatchObject({
      _id: me.id,
      isSeller: true,
      isAdmin: false,
      isBuyer: false,
      isVerify: true,
    });
    expect((await api(`/user?email=${other.email}`, { headers: auth })).status).toBe(403);
    expect((await api(`/user/admin/${other.email}`, { headers: auth })).status).toBe(403);
    expect(await (await api(`/user/admin/${me.email}`, { headers: auth })).json()).toEqual({ isAdmin: false });
    expect(await (await api(`/user/buyer/${me.email}`, { headers: auth })).json()).toEqual({ isBuyer: false });
  });

  it("lets an admin ask about anyone, with 404 for nobody", async () => {
    const admin = await insertUser({ role: "admin" });
    const buyer = await insertUser({ email: "buyer@example.com" });
    const auth = { Authorization: await bearerFor(admin.id) };
    expect(await (await api(`/user/buyer/${buyer.email}`, { headers: auth })).json()).toEqual({ isBuyer: true });
    expect(await (await api(`/user/admin/${admin.email}`, { headers: auth })).json()).toEqual({ isAdmin: true });
    expect((await api("/user?email=nobody@example.com", { headers: auth })).status).toBe(404);
    expect((await api("/user?email=not-an-email", { headers: auth })).status).toBe(422);
  });

  it("stops a deleted account's token at once", async () => {
    const user = await insertUser();
    const auth = { Authorization: await bearerFor(user.id) };
    expect((await api("/user", { headers: auth })).status).toBe(200);
    await database(testEnv.DB).update(users).set({ deletedAt: new Date() }).where(sql`${users.id} = ${user.id}`);
    expect((await api("/user", { headers: auth })).status).toBe(401);
  });
});
