// Sign-in helpers for tests: a real session row and a real signed token, as a sign-in makes.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { createSession } from "#app/domain/accounts/sessions.server";
import { signToken } from "#app/domain/accounts/tokens.server";
import { SESSION_COOKIE } from "#app/server/auth.server";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { users } from "#db/schema";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

export const ORIGIN = "https://pay.test";
export const secrets = () => [testEnv.SESSION_SECRET];

/**
 * A session cookie as a sign-in makes it: claiming the user's role (`role` overrides the claim;
 * null leaves it out, as in cookies signed before the claim existed).
 */
export async function sessionCookieFor(userId: string, options: { role?: Role | null } = {}): Promise<string> {
  const db = database(testEnv.DB);
  const stored = (await db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;
  const role = options.role === undefined ? stored : (options.role ?? undefined);
  const session = await createSession(db, userId, "web");
  const token = await signToken(
    { sub: userId, sid: session.id, role },
    { audience: "web", expiresAt: session.expiresAt, secrets: secrets() },
  );
  return `${SESSION_COOKIE}=${token}`;
}

export async function bearerFor(userId: string): Promise<string> {
  const session = await createSession(database(testEnv.DB), userId, "api");
  const token = await signToken(
    { sub: userId, sid: session.id },
    { audience: "api", expiresAt: session.expiresAt, secrets: secrets() },
  );
  return `Bearer ${token}`;
}

/** A user with a known password, signed in. */
export async function signedInUser(role: Role = "buyer", overrides: Parameters<typeof insertUser>[0] = {}) {
  const password = "correct horse battery";
  const user = await insertUser({ role, passwordHash: await hashPassword(password), ...overrides });
  return { user, password, cookie: await sessionCookieFor(user.id) };
}

/** A form POST the way a browser without JavaScript sends it. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      ...headers,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });
}

/** The session cookie a response sets, ready to send back. */
export function sessionCookieFrom(response: Response): string | null {
  for (const value of response.headers.getSetCookie()) {
    const [pair] = value.split(";");
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return null;
}
