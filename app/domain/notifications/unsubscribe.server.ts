// One-click unsubscribe (RFC 8058, ADR 0062): a letter a user can stop carries a signed link that
// turns its kind off for them, signed in or not. The token names the user and the kind, nothing
// else; a token that was tampered with is refused (400), an old one has expired (410).
import { errors, jwtVerify, SignJWT } from "jose";
import type { Database } from "#db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";
import { notificationPreferences } from "#db/schema";
import { NOTIFICATION_LABELS } from "./preferences.server";

const ISSUER = "pay-and-buy";
const AUDIENCE = "pay-and-buy:unsubscribe";
/** How long a letter's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 3600 * 1000;
const encoder = new TextEncoder();

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    "This unsubscribe link is not valid. Open the link of the email as it is, or change your emails in Settings.",
  expired: "This unsubscribe link has expired. Sign in and turn the emails off in Settings.",
  done: "You are unsubscribed.",
} as const;

/** The path of a letter's unsubscribe link: the page and the one-click POST. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

export async function signUnsubscribe(
  userId: string,
  kind: NotificationKind,
  secrets: readonly string[],
  now = Date.now(),
): Promise<string> {
  const [secret] = secrets;
  if (!secret) throw new Error("No signing secret");
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + UNSUBSCRIBE_TTL_MS) / 1000))
    .sign(encoder.encode(secret));
}

export type UnsubscribeRead =
  | { ok: true; userId: string; kind: NotificationKind; label: string }
  | { ok: false; status: 400 | 410; message: string };

/** What a token asks for: whose emails of which kind, or why it is refused. */
export async function readUnsubscribe(
  token: string,
  secrets: readonly string[],
  now = Date.now(),
): Promise<UnsubscribeRead> {
  const invalid = { ok: false as const, status: 400 as const, message: UNSUBSCRIBE_MESSAGES.invalid };
  if (token.length === 0 || token.length > 1024) return invalid;
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(secret), {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["HS256"],
        requiredClaims: ["sub", "exp", "iat"],
        currentDate: new Date(now),
      });
      const kind = NOTIFICATION_KINDS.find((known) => known === payload.kind);
      if (typeof payload.sub !== "string" || !kind) return invalid;
      return { ok: true, userId: payload.sub, kind, label: NOTIFICATION_LABELS[kind].label };
    } catch (error) {
      // Only a token whose signature checked out can have expired.
      if (error instanceof errors.JWTExpired) {
        return { ok: false, status: 410, message: UNSUBSCRIBE_MESSAGES.expired };
      }
    }
  }
  return invalid;
}

/** Turns the token's kind off for its user; doing it twice changes nothing more. */
export async function unsubscribe(
  db: Database,
  token: string,
  secrets: readonly string[],
  now = Date.now(),
): Promise<UnsubscribeRead> {
  const read = await readUnsubscribe(token, secrets, now);
  if (!read.ok) return read;
  await db
    .insert(notificationPreferences)
    .values({ userId: read.userId, kind: read.kind, enabled: false, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { enabled: false, updatedAt: new Date(now) },
    });
  return read;
}
