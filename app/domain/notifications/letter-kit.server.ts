// What every letter is made of: its recipient, its kind and words, the options of the site that
// sends it, the greeting, times and links. Amounts are formatMoney's, as the pages print them.

import { eq } from "drizzle-orm";
import { formatMoment } from "#app/domain/shared/dates";
import type { Currency } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { LetterKind } from "#db/closed-lists";
import { users } from "#db/schema";

export interface Recipient {
  id: string;
  email: string;
  name: string;
  deleted: boolean;
}

export interface PlannedLetter {
  recipient: Recipient;
  kind: LetterKind;
  subject: string;
  text: string;
  /** A letter about the account itself: sent whatever the recipient turned off. */
  required?: boolean;
  /** Parts of the text only the recipient may read (a one-time link). */
  secrets?: readonly string[];
  /** Mail headers beyond the usual (List-Unsubscribe, ADR 0062). */
  headers?: Readonly<Record<string, string>>;
  /**
   * At most one letter of this `key` to the recipient within `windowMs` (the later events' letters
   * are not sent); claimed atomically at delivery.
   */
  oncePer?: { key: string; windowMs: number };
}

export interface LetterOptions {
  /** The public origin for links; without it letters name the page instead. */
  appUrl?: string;
  appName: string;
  /** The configured currency: every amount a letter names is written in it. */
  currency: Currency;
  /** The secrets that sign a letter's unsubscribe link (SESSION_SECRET); without them, no link. */
  secrets?: readonly string[];
}

/** Builds a letter of the event's kind to a recipient (the greeting and signature added). */
export type LetterOf = (recipient: Recipient, subject: string, text: string) => PlannedLetter;

/** A moment in a letter, written as the pages write it, in UTC and saying so: "2 Dec 2026, 14:05 UTC". */
export function utc(date: Date | null): string {
  return formatMoment(date) ?? "";
}

/** A letter's whole text: the greeting, the body, the signature. */
export function greeting(recipient: Recipient, text: string, options: LetterOptions): string {
  return `Hello ${recipient.name},\n\n${text}\n\n${options.appName}`;
}

/** A page named in a letter: its address when the site knows its public origin. */
export function link(options: LetterOptions, path: string, page: string): string {
  return options.appUrl ? `${page}: ${options.appUrl.replace(/\/$/, "")}${path}` : `${page} on ${options.appName}.`;
}

/** The recipient of a letter about one account. */
export async function loadUser(db: Database, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { id: row.id, email: row.email, name: row.name, deleted: row.deletedAt !== null } : null;
}
