// One-click unsubscribe (RFC 8058, ADR 0062): a letter a user can stop carries a signed link that
// turns its kind off for them, signed in or not. The token names the user and the kind, nothing
// else; a token that was tampered with is refused (400), an old one has expired (410). The link
// itself is signed in unsubscribe-links.server.ts, which the letters use.
import { readClaims } from "#app/domain/shared/signed-tokens.server";
import type { Database } from "#db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";
import { notificationPreferences } from "#db/schema";
import { NOTIFICATION_LABELS } from "./preferences.server";
import { UNSUBSCRIBE_AUDIENCE } from "./unsubscribe-links.server";

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    "This unsubscribe link is not valid. Open the link of the email as it is, or change your emails in Settings.",
  expired: "This unsubscribe link has expired. Sign in and turn the emails off in Settings.",
  done: "You are unsubscribed.",
} as const;

export type UnsubscribeRead =
  | { ok: true; userId: string; kind: NotificationKind; label: string }
  | { ok: false; status: 400 | 410; message: string };

/** What a token asks for: whose emails of which kind, or why it is refused. */
export async function readUnsubscribe(
  token: string,
  secrets: readonly string[],
  now = Date.now(),
): Promise<UnsubscribeRead> {
  const read = await readClaims(token, {
    audience: UNSUBSCRIBE_AUDIENCE,
    secrets,
    required: ["iat"],
    maxLength: 1024,
    now,
  });
  // Only a token whose signature checked out can have expired.
  if (!read.ok && read.expired) return { ok: false, status: 410, message: UNSUBSCRIBE_MESSAGES.expired };
  const kind = read.ok ? NOTIFICATION_KINDS.find((known) => known === read.claims.kind) : undefined;
  if (!read.ok || !kind) return { ok: false, status: 400, message: UNSUBSCRIBE_MESSAGES.invalid };
  return { ok: true, userId: read.claims.sub, kind, label: NOTIFICATION_LABELS[kind].label };
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
