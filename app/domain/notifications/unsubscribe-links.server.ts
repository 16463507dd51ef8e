// The signed link of a letter a user can stop (RFC 8058, ADR 0062): it names the user and the
// kind, nothing else. Read and acted on by unsubscribe.server.ts.
import { signClaims } from "#app/domain/shared/signed-tokens.server";
import type { NotificationKind } from "#db/closed-lists";

export const UNSUBSCRIBE_AUDIENCE = "pay-and-buy:unsubscribe";
/** How long a letter's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 3600 * 1000;

/** The path of a letter's unsubscribe link: the page and the one-click POST. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

export function signUnsubscribe(
  userId: string,
  kind: NotificationKind,
  secrets: readonly string[],
  now = Date.now(),
): Promise<string> {
  return signClaims(
    { kind },
    { audience: UNSUBSCRIBE_AUDIENCE, subject: userId, expiresAt: new Date(now + UNSUBSCRIBE_TTL_MS), secrets, now },
  );
}
