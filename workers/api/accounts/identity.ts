// The identity calls of spec section 7. Whose data is read is decided by the token, never by
// an email in the request: an `email` parameter may only name the caller (or anyone, for an
// admin).
import { Hono } from "hono";
import * as z from "zod";
import { emailSchema, loginSchema, registerSchema } from "#app/domain/accounts/account-schema";
import { getUserRecord, MESSAGES, registerAccount, signInWithPassword } from "#app/domain/accounts/accounts.server";
import { sameEmail } from "#app/domain/accounts/emails";
import { mayReadAccount } from "#app/domain/accounts/permissions";
import { API_TOKEN_TTL_MS, createSession } from "#app/domain/accounts/sessions.server";
import { signToken } from "#app/domain/accounts/tokens.server";
import { TWO_FACTOR_MESSAGES, verifySecondFactor } from "#app/domain/accounts/two-factor.server";
import { clientAddress, needsTwoFactorSetup, userAgentOf, webSessionUser } from "#app/server/auth.server";
import { linkOrigin } from "#app/server/origin.server";
import { type ApiContext, type ApiEnv, appEnv, db, publishEvents, readJson, requireBearer } from "../context";
import { apiError, twoFactorSetupRequired, validationError } from "../errors";

export const identity = new Hono<ApiEnv>();

async function bearerFor(c: { env: Env }, user: { id: string }, sessionId: string, expiresAt: Date) {
  const accessToken = await signToken(
    { sub: user.id, sid: sessionId },
    { audience: "api", expiresAt, secrets: appEnv(c).settings.SESSION_SECRET },
  );
  return {
    accessToken,
    tokenType: "Bearer",
    expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  };
}

/** GET /api/jwt: a bearer token for the signed-in browser user, for its own email only. */
identity.get("/jwt", async (c) => {
  const env = appEnv(c);
  const user = await webSessionUser(c.req.raw, env);
  if (!user) return apiError(c, 401, "unauthorized", "Sign in first; a token is only issued to a signed-in user.");
  if (needsTwoFactorSetup(user)) return twoFactorSetupRequired(c);
  const email = c.req.query("email");
  if (email !== undefined && !sameEmail(email, user.email)) {
    return apiError(c, 403, "forbidden", "A token is only issued for your own email.");
  }
  // The token belongs to the browser session: logging out revokes it too.
  const expiresAt = new Date(Math.min(Date.now() + API_TOKEN_TTL_MS, user.sessionExpiresAt.getTime()));
  return c.json(await bearerFor(c, user, user.sessionId, expiresAt));
});

/** The sign-in form's fields, and the code of an account with two-factor sign-in. */
const tokenSchema = loginSchema.extend({ code: z.string().trim().max(32, "That code is too long.").optional() });

/**
 * POST /api/token {email, password, code?}: sign-in for programs without a browser. An account
 * with two-factor sign-in also sends a current code from its app (or a recovery code); an admin
 * without it gets no token until it is set up on the website.
 */
identity.post("/token", async (c) => {
  const parsed = tokenSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const database = db(c);
  const result = await signInWithPassword(database, {
    email: parsed.data.email,
    password: parsed.data.password,
    clientAddress: clientAddress(c.req.raw),
  });
  if (!result.ok) {
    if (result.reason === "rate_limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return apiError(c, 429, "rate_limited", result.message);
    }
    return apiError(c, 401, result.reason, result.message);
  }
  if (needsTwoFactorSetup(result.user)) return twoFactorSetupRequired(c);
  if (result.user.twoFactor) {
    if (!parsed.data.code) {
      return apiError(c, 401, "two_factor_required", `${TWO_FACTOR_MESSAGES.codeRequired} Send it as "code".`);
    }
    const proved = await verifySecondFactor(database, result.user.id, {
      code: parsed.data.code,
      secrets: appEnv(c).settings.SESSION_SECRET,
    });
    if (!proved.ok) {
      if (proved.retryAfterSeconds) c.header("Retry-After", String(proved.retryAfterSeconds));
      return apiError(c, proved.status === 429 ? 429 : 401, proved.reason, proved.message);
    }
  }
  const session = await createSession(database, result.user.id, "api", { userAgent: userAgentOf(c.req.raw) });
  return c.json(await bearerFor(c, result.user, session.id, session.expiresAt));
});

// The spec's registration payload: name, email, isBuyer, isSeller, date (plus a password).
// A role can only be buyer or seller (admin is refused); isAdmin and other fields are ignored.
function registrationInput(body: Record<string, unknown>) {
  return {
    name: body.name,
    email: body.email,
    password: body.password,
    role: body.role ?? (body.isSeller === true ? "seller" : "buyer"),
  };
}
const registrationSchema = registerSchema.omit({ redirectTo: true });

/** POST /api/users: registration. */
identity.post("/users", async (c) => {
  const body = await readJson(c);
  if (body === undefined || typeof body !== "object" || body === null || Array.isArray(body)) {
    return apiError(c, 400, "bad_request", "Send a JSON object.");
  }
  const parsed = registrationSchema.safeParse(registrationInput(body as Record<string, unknown>));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await registerAccount(db(c), parsed.data, {
    origin: linkOrigin(c.req.raw, appEnv(c).settings),
  });
  if (!result.ok) return apiError(c, 409, "email_taken", MESSAGES.emailTaken, { email: [result.message] });
  await publishEvents(c, result.events);
  const { id, name, email, role } = result.user;
  return c.json({ acknowledged: true, insertedId: id, user: { id, name, email, role, emailVerified: false } }, 201);
});

async function recordFor(c: ApiContext, email: string | undefined) {
  const user = c.get("user");
  const target = email ?? user.email;
  const checked = emailSchema.safeParse(target);
  if (!checked.success) return { error: "invalid" as const, message: checked.error.issues[0]!.message };
  if (!mayReadAccount(user, checked.data)) return { error: "forbidden" as const };
  const record = await getUserRecord(db(c), checked.data);
  return record ? { record } : { error: "not_found" as const };
}

function answer<T>(
  c: Parameters<typeof apiError>[0],
  outcome: Awaited<ReturnType<typeof recordFor>>,
  shape: (record: NonNullable<Awaited<ReturnType<typeof getUserRecord>>>) => T,
) {
  if ("record" in outcome && outcome.record) return c.json(shape(outcome.record));
  if (outcome.error === "invalid") return apiError(c, 422, "invalid", outcome.message ?? "Invalid email.");
  if (outcome.error === "forbidden") return apiError(c, 403, "forbidden", "You may only ask about your own account.");
  return apiError(c, 404, "not_found", "There is no such user.");
}

identity.get("/user", requireBearer, async (c) =>
  answer(c, await recordFor(c, c.req.query("email")), (record) => record),
);
identity.get("/user/admin/:email", requireBearer, async (c) =>
  answer(c, await recordFor(c, c.req.param("email")), (record) => ({ isAdmin: record.isAdmin })),
);
identity.get("/user/seller/:email", requireBearer, async (c) =>
  answer(c, await recordFor(c, c.req.param("email")), (record) => ({ isSeller: record.isSeller })),
);
identity.get("/user/buyer/:email", requireBearer, async (c) =>
  answer(c, await recordFor(c, c.req.param("email")), (record) => ({ isBuyer: record.isBuyer })),
);
