// The reader's time zone (ADR 0104): chosen in Settings or through the REST API, or guessed once
// by the browser where JavaScript runs. A guess never overwrites a zone already kept: it is written
// only while the account has none, in the same statement that checks it.
import { and, eq, isNull } from "drizzle-orm";
import { knownTimeZone } from "#app/domain/shared/time-zones.server";
import type { Database } from "#db/client";
import { users } from "#db/schema";

export const TIME_ZONE_MESSAGES = {
  saved: (zone: string) => `Dates are now written in ${zone} time.`,
  cleared: "Dates are now written in UTC.",
  unknown: "Choose a time zone from the list.",
} as const;

export type SaveTimeZoneResult =
  | { ok: true; timeZone: string | null; message: string }
  | { ok: false; status: 422; message: string };

/**
 * Keeps the account's zone: an IANA name Intl knows (written as Intl writes it), or "" / null to
 * forget it (UTC). `guess`: only if the account has none yet; answers with the zone then kept.
 */
export async function saveTimeZone(
  db: Database,
  userId: string,
  input: unknown,
  { guess = false }: { guess?: boolean } = {},
): Promise<SaveTimeZoneResult> {
  const cleared = input === null || input === "" || input === "UTC";
  const zone = cleared ? null : knownTimeZone(input);
  if (!cleared && !zone) return { ok: false, status: 422, message: TIME_ZONE_MESSAGES.unknown };
  const mine = and(eq(users.id, userId), isNull(users.deletedAt));
  const [kept] = await db
    .update(users)
    .set({ timeZone: zone, updatedAt: new Date() })
    .where(guess ? and(mine, isNull(users.timeZone)) : mine)
    .returning({ timeZone: users.timeZone });
  const timeZone = kept
    ? kept.timeZone
    : ((await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)))[0]?.timeZone ?? null);
  return {
    ok: true,
    timeZone,
    message: timeZone ? TIME_ZONE_MESSAGES.saved(timeZone) : TIME_ZONE_MESSAGES.cleared,
  };
}
