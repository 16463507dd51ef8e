// The account's own calls, the REST twins of the Settings page, the forgotten-password pages and
// the letters' links: one domain function each, the forms' schemas. Whose account is always the
// bearer token's; nothing in a request names another. Two-factor setup has no call: it is done on
// the website, where the QR code is. Downloading one's data and leaving are privacy's
// (workers/api/privacy/privacy.ts).
import { Hono } from "hono";
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmLinkSchema,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
} from "#app/domain/accounts/account-schema";
import { accountSettings, changePassword, updateProfile } from "#app/domain/accounts/account-settings.server";
import { describeDevice } from "#app/domain/accounts/devices.server";
import { changeEmail, confirmEmailLink, resendVerification } from "#app/domain/accounts/email-verification.server";
import { RESET_MESSAGES, requestPasswordReset, resetPassword } from "#app/domain/accounts/password-reset.server";
import { endOtherSessions, endOwnSession, listLiveSessions } from "#app/domain/accounts/sessions.server";
import { saveTimeZone } from "#app/domain/accounts/time-zone.server";
import { twoFactorStatus } from "#app/domain/accounts/two-factor.server";
import { idSchema } from "#app/domain/shared/schemas";
import { clientAddress } from "#app/server/auth.server";
import { linkOrigin } from "#app/server/origin.server";
import { type ApiContext, type ApiEnv, appEnv, db, publishEvents, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const account = new Hono<ApiEnv>();

const origin = (c: ApiContext | { req: { raw: Request }; env: Env }) => linkOrigin(c.req.raw, appEnv(c).settings);
const secrets = (c: { env: Env }) => appEnv(c).settings.SESSION_SECRET;

/** POST /api/password/forgot {email}: the same 202 whether or not an account has the address. */
account.post("/password/forgot", async (c) => {
  const parsed = forgotPasswordSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await requestPasswordReset(db(c), {
    email: parsed.data.email,
    clientAddress: clientAddress(c.req.raw),
    origin: origin(c),
  });
  if (!result.ok) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    return apiError(c, 429, "rate_limited", result.message);
  }
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, message: RESET_MESSAGES.sent }, 202);
});

/** POST /api/password/reset {token, password}: the new password of a reset link's account. */
account.post("/password/reset", async (c) => {
  const parsed = resetPasswordSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await resetPassword(db(c), {
    token: parsed.data.token,
    password: parsed.data.password,
    origin: origin(c),
  });
  if (!result.ok) return apiError(c, result.state === "invalid" ? 400 : 410, `link_${result.state}`, result.message);
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, message: RESET_MESSAGES.done });
});

/** POST /api/email/confirm {token}: a verification or change-of-address link, opened. */
account.post("/email/confirm", async (c) => {
  const parsed = confirmLinkSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await confirmEmailLink(db(c), parsed.data.token, { origin: origin(c) });
  if (!result.ok) {
    const code = result.status === 409 ? "email_taken" : `link_${result.state}`;
    return apiError(c, result.status, code, result.message);
  }
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, email: result.email, emailVerified: true, message: result.message });
});

function accountShape(
  settings: NonNullable<Awaited<ReturnType<typeof accountSettings>>>,
  twoFactor: Awaited<ReturnType<typeof twoFactorStatus>>,
) {
  return {
    _id: settings.id,
    name: settings.name,
    email: settings.email,
    role: settings.role,
    phone: settings.phone,
    emailVerified: settings.emailVerified,
    pendingEmail: settings.pendingEmail,
    hasPassword: settings.hasPassword,
    google: settings.google,
    twoFactor: { enabled: twoFactor.enabled, recoveryCodesLeft: twoFactor.recoveryCodesLeft },
    createdAt: settings.createdAt.toISOString(),
  };
}

async function currentAccount(c: ApiContext) {
  const user = c.get("user");
  const [settings, twoFactor] = await Promise.all([accountSettings(db(c), user.id), twoFactorStatus(db(c), user.id)]);
  return settings ? accountShape(settings, twoFactor) : null;
}

/** GET /api/account: the caller's own account. */
account.get("/account", requireBearer, async (c) => {
  const shape = await currentAccount(c);
  return shape ? c.json(shape) : apiError(c, 404, "not_found", "There is no such account.");
});

/** PATCH /api/account {name, phone}: the name and the phone number (null or "" clears it). */
account.patch("/account", requireBearer, async (c) => {
  const body = await readJson(c);
  const parsed = profileSchema.safeParse(
    body && typeof body === "object" && !Array.isArray(body) && (body as { phone?: unknown }).phone === null
      ? { ...body, phone: "" }
      : body,
  );
  if (!parsed.success) return validationError(c, parsed.error);
  await updateProfile(db(c), c.get("user").id, parsed.data);
  return c.json(await currentAccount(c));
});

/** GET /api/account/time-zone: the zone the caller's dates are written in (null: UTC). */
account.get("/account/time-zone", requireBearer, (c) => c.json({ timeZone: c.get("user").timeZone }));

/** PUT /api/account/time-zone {timeZone}: an IANA name ("Europe/Berlin"), or null for UTC (ADR 0104). */
account.put("/account/time-zone", requireBearer, async (c) => {
  const body = await readJson(c);
  const wanted =
    body && typeof body === "object" && !Array.isArray(body) ? (body as { timeZone?: unknown }).timeZone : undefined;
  if (wanted === undefined) return apiError(c, 422, "invalid", "timeZone is required: an IANA name, or null for UTC.");
  const result = await saveTimeZone(db(c), c.get("user").id, wanted);
  if (!result.ok) return apiError(c, result.status, "invalid", result.message);
  return c.json({ timeZone: result.timeZone, message: result.message });
});

/** PUT /api/account/email {email, currentPassword | code | confirmEmail}: a link to the new address. */
account.put("/account/email", requireBearer, async (c) => {
  const parsed = changeEmailSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await changeEmail(db(c), c.get("user"), parsed.data, {
    secrets: secrets(c),
    clientAddress: clientAddress(c.req.raw),
    origin: origin(c),
  });
  if (!result.ok) {
    if (result.field === "email") {
      const code = result.status === 409 ? "email_taken" : result.status === 429 ? "rate_limited" : "invalid";
      return apiError(c, result.status === 400 ? 422 : result.status, code, result.message, {
        email: [result.message],
      });
    }
    // The owner was not confirmed.
    if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
    const fields = result.field ? { [result.field]: [result.message] } : undefined;
    return apiError(c, result.status === 429 ? 429 : 403, "not_confirmed", result.message, fields);
  }
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, pendingEmail: parsed.data.email, message: result.message }, 202);
});

/** PUT /api/account/password {currentPassword, newPassword}: every other session ends. */
account.put("/account/password", requireBearer, async (c) => {
  const parsed = changePasswordSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await changePassword(db(c), c.get("user"), {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    clientAddress: clientAddress(c.req.raw),
    origin: origin(c),
  });
  if (!result.ok) {
    if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
    const fields = result.field ? { [result.field]: [result.message] } : undefined;
    const status = result.status === 400 ? (result.field === "currentPassword" ? 403 : 422) : result.status;
    return apiError(c, status, result.status === 429 ? "rate_limited" : "refused", result.message, fields);
  }
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, message: result.message });
});

/** POST /api/account/verification: a new link to verify the caller's address. */
account.post("/account/verification", requireBearer, async (c) => {
  const result = await resendVerification(db(c), c.get("user"), { origin: origin(c) });
  if (!result.ok) {
    return apiError(c, result.status, result.status === 409 ? "already_verified" : "rate_limited", result.message);
  }
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, message: result.message }, 202);
});

/** GET /api/account/sessions: the caller's live sessions, the one of this token marked. */
account.get("/account/sessions", requireBearer, async (c) => {
  const user = c.get("user");
  const rows = await listLiveSessions(db(c), user.id);
  return c.json(
    rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      device: describeDevice(row.userAgent, row.kind),
      userAgent: row.userAgent,
      firstSeen: row.createdAt.toISOString(),
      lastSeen: (row.lastSeenAt ?? row.createdAt).toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === user.sessionId,
    })),
  );
});

/** DELETE /api/account/sessions/:id: ends one of the caller's other sessions. */
account.delete("/account/sessions/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such session of yours.");
  const result = await endOwnSession(db(c), c.get("user"), id.data);
  if (!result.ok) return apiError(c, result.status, result.status === 404 ? "not_found" : "refused", result.message);
  return c.json({ acknowledged: true, message: result.message });
});

/** DELETE /api/account/sessions: ends every session of the caller but this token's. */
account.delete("/account/sessions", requireBearer, async (c) => {
  const result = await endOtherSessions(db(c), c.get("user"));
  return c.json({ acknowledged: true, ended: result.ended, message: result.message });
});
