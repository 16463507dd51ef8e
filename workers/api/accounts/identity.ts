// The identity calls of spec section 7. Whose data is read is decided by the token, never by
// an email in the request: an `email` parameter may only name the caller (or anyone, for an
// admin).
import { Hono } from "hono";
import { emailSchema, loginSchema, registerSchema } from "#app/domain/accounts/account-schema";
import { getUserRecord, MESSAGES, registerAccount, signInWithPassword } from "#app/domain/accounts/accounts.server";
import { sameEmail } from "#app/domain/accounts/emails";
import { mayReadAccount } from "#app/domain/accounts/permissions";
import { API_TOKEN_TTL_MS, createSession } from "#app/domain/accounts/sessions.server";
import { signToken } from "#app/domain/accounts/tokens.server";
import { clientAddress, webSessionUser } from "#app/server/auth.server";
import { type ApiContext, type ApiEnv, appEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

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
  const email = c.req.query("email");
  if (email !== undefined && !sameEmail(email, user.email)) {
    return apiError(c, 403, "forbidden", "A token is only issued for your own email.");
  }
  // The token belongs to the browser session: logging out revokes it too.
  const expiresAt = new Date(Math.min(Date.now() + API_TOKEN_TTL_MS, user.sessionExpiresAt.getTime()));
  return c.json(await bearerFor(c, user, user.sessionId, expiresAt));
});

/** POST /api/token {email, password}: sign-in for programs without a browser. */
identity.post("/token", async (c) => {
  const parsed = loginSchema.safeParse(await readJson(c));
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
  const session = await createSession(database, result.user.id, "api");
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
  const result = await registerAccount(db(c), parsed.data);
  if (!result.ok) return apiError(c, 409, "email_taken", MESSAGES.emailTaken, { email: [result.message] });
  return c.json({ acknowledged: true, insertedId: result.user.id, user: { ...result.user } }, 201);
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
