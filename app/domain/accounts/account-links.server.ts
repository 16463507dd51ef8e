// One-time links sent by letter: a password reset, an address to verify, a new address to
// confirm. One machinery for all three (docs/decisions, "One-time links in letters"):
// - the token is 32 random bytes (base64url); only its SHA-256 is stored, so a copy of the
//   database opens nothing;
// - a link is bound to its purpose, its account and the address it was sent to, works once,
//   and expires (a reset after an hour);
// - the token in clear exists only in the queue message that carries it to the letter and in the
//   letter itself (app/domain/notifications/letters.server.ts builds the letter from it).
// A link is issued by one INSERT … SELECT that finds the account and checks the limits in the
// same statement: the same work whether or not the account exists, and no second link within a
// minute (a double submit sends one letter).
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { base64url } from "jose";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { AccountTokenPurpose } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { accountTokens, users } from "#db/schema";
import { LINKS_PER_HOUR } from "./link-limits";

export { LINKS_PER_HOUR };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** How long a link works. */
export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  reset_password: HOUR,
  verify_email: 24 * HOUR,
  change_email: 24 * HOUR,
};

/** A second request within this time sends nothing (a double submit, an impatient click). */
export const LINK_REPEAT_MS = MINUTE;

/**
 * A link used this recently, sent again with the same outcome (a double submit), is answered as
 * the first was; after that it is only "already used".
 */
export const LINK_REPLAY_MS = MINUTE;

/** Whether a used link's second submission is still the double submit of its first. */
export function isReplay(link: { usedAt: Date }, now = Date.now()): boolean {
  return now - link.usedAt.getTime() <= LINK_REPLAY_MS;
}

/** The page each purpose's link opens. */
export const LINK_PATHS: Record<AccountTokenPurpose, string> = {
  reset_password: "/reset-password",
  verify_email: "/verify-email",
  change_email: "/verify-email",
};

const TOKEN_BYTES = 32;
/** 32 bytes in base64url, without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new random token. */
export function newLinkToken(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

/** Whether a value could be one of our tokens (anything else is refused without a query). */
export function isLinkTokenShaped(token: unknown): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

/** The stored form of a token: SHA-256, base64url. */
export async function hashLinkToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return base64url.encode(new Uint8Array(digest));
}

/** The address a letter's link points at: `<origin><path>?token=…`. */
export function linkUrl(origin: string, purpose: AccountTokenPurpose, token: string): string {
  return `${origin.replace(/\/$/, "")}${LINK_PATHS[purpose]}?${new URLSearchParams({ token })}`;
}

export interface NewLink {
  id: string;
  token: string;
  tokenHash: string;
  purpose: AccountTokenPurpose;
}

/** A link about to be issued: its row id, its token and the token's hash. */
export async function prepareLink(purpose: AccountTokenPurpose): Promise<NewLink> {
  const token = newLinkToken();
  return { id: crypto.randomUUID(), token, tokenHash: await hashLinkToken(token), purpose };
}

/** The event that carries a link's token to its letter (through the queue, never through D1). */
export function linkEvent(link: NewLink, origin: string): AccountEvent {
  return { kind: "account_link", linkId: link.id, token: link.token, origin };
}

/**
 * The INSERT … SELECT that issues `link` to the live account `account` selects (a condition on
 * `users`), sent to `email` (the account's own address unless given), only if the account is
 * under its purpose's hourly limit and was not sent the same kind of link to the same address
 * within the last minute. Inserts one row or none; which one is the caller's to ask
 * (`meta.changes`) or to ignore (a password reset answers the same either way).
 */
export function issueLinkStatement(
  db: Database,
  link: NewLink,
  account: SQL | undefined,
  options: { email?: string; now?: number } = {},
) {
  const now = options.now ?? Date.now();
  const email = options.email === undefined ? users.email : sql`${options.email}`;
  const sameKind = sql`${accountTokens.userId} = ${users.id} and ${accountTokens.purpose} = ${link.purpose}`;
  return db.insert(accountTokens).select(
    db
      .select(
        intoColumns(accountTokens, {
          id: sql`${link.id}`,
          userId: users.id,
          purpose: sql`${link.purpose}`,
          tokenHash: sql`${link.tokenHash}`,
          email,
          createdAt: sql`${now}`,
          expiresAt: sql`${now + LINK_TTL_MS[link.purpose]}`,
          usedAt: sql`null`,
        }),
      )
      .from(users)
      .where(
        and(
          account,
          isNull(users.deletedAt),
          sql`(select count(*) from ${accountTokens} where ${sameKind} and ${accountTokens.createdAt} > ${now - HOUR}) < ${LINKS_PER_HOUR[link.purpose]}`,
          sql`not exists (select 1 from ${accountTokens} where ${sameKind} and lower(${accountTokens.email}) = lower(${email}) and ${accountTokens.createdAt} > ${now - LINK_REPEAT_MS})`,
        ),
      ),
  );
}

export type LinkState =
  | {
      state: "valid";
      id: string;
      userId: string;
      purpose: AccountTokenPurpose;
      /** Where the link was sent. */
      email: string;
      expiresAt: Date;
      account: { email: string; name: string; emailVerified: boolean };
    }
  | { state: "used"; userId: string; purpose: AccountTokenPurpose; email: string; usedAt: Date }
  | { state: "expired" | "invalid" };

/**
 * What a token is worth to a page that accepts `purposes`: valid, used, expired, or invalid (not
 * ours, forged, of another purpose, or its account gone or no longer at the address it was
 * bound to). Reads only: the link is used by the operation that consumes it.
 */
export async function inspectLink(
  db: Database,
  token: unknown,
  purposes: readonly AccountTokenPurpose[],
  now = Date.now(),
): Promise<LinkState> {
  if (!isLinkTokenShaped(token)) return { state: "invalid" };
  const [row] = await db
    .select({
      id: accountTokens.id,
      userId: accountTokens.userId,
      purpose: accountTokens.purpose,
      email: accountTokens.email,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      accountEmail: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(eq(accountTokens.tokenHash, await hashLinkToken(token)))
    .limit(1);
  if (!row || !purposes.includes(row.purpose) || row.deletedAt) return { state: "invalid" };
  if (row.usedAt) {
    return { state: "used", userId: row.userId, purpose: row.purpose, email: row.email, usedAt: row.usedAt };
  }
  if (row.expiresAt.getTime() <= now) return { state: "expired" };
  // A reset or a verification belongs to the address it was sent to: after a change of address
  // the old address's links open nothing.
  if (row.purpose !== "change_email" && row.email.toLowerCase() !== row.accountEmail.toLowerCase()) {
    return { state: "invalid" };
  }
  return {
    state: "valid",
    id: row.id,
    userId: row.userId,
    purpose: row.purpose,
    email: row.email,
    expiresAt: row.expiresAt,
    account: { email: row.accountEmail, name: row.name, emailVerified: row.emailVerifiedAt !== null },
  };
}

/**
 * SQL: the id of the account a usable link of `purpose` names (unused, unexpired, its account
 * live), as a subquery for the statements that consume it in one batch.
 */
export function linkedAccount(tokenHash: string, purpose: AccountTokenPurpose, now: number): SQL {
  return sql`(select ${accountTokens.userId} from ${accountTokens} where ${accountTokens.tokenHash} = ${tokenHash} and ${accountTokens.purpose} = ${purpose} and ${accountTokens.usedAt} is null and ${accountTokens.expiresAt} > ${now})`;
}

/** SQL: the address a link was sent to, as a subquery. */
export function linkedAddress(tokenHash: string): SQL {
  return sql`(select ${accountTokens.email} from ${accountTokens} where ${accountTokens.tokenHash} = ${tokenHash})`;
}

/**
 * Ends the account's unused links of these purposes (the one being used among them): a new
 * password, a verified or a changed address makes the others pointless.
 */
export function endLinksStatement(
  db: Database,
  userId: SQL | string,
  purposes: readonly AccountTokenPurpose[],
  now: number,
) {
  const owner =
    typeof userId === "string" ? eq(accountTokens.userId, userId) : sql`${accountTokens.userId} = ${userId}`;
  return db
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        owner,
        isNull(accountTokens.usedAt),
        sql`${accountTokens.purpose} in (${sql.join(
          purposes.map((purpose) => sql`${purpose}`),
          sql`, `,
        )})`,
      ),
    );
}

/** Why an account was not sent a link just now: it was sent one a moment ago, or too many. */
export async function linkRefusal(
  db: Database,
  userId: string,
  purpose: AccountTokenPurpose,
  now = Date.now(),
): Promise<"repeat" | "limit"> {
  const [recent] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, new Date(now - LINK_REPEAT_MS)),
      ),
    )
    .limit(1);
  return recent ? "repeat" : "limit";
}

/**
 * Deletes links that expired more than a day ago, at most `limit` per run (a used or expired link
 * opens nothing; the day keeps "already used" answers for a late double submit).
 */
export function purgeOldLinksStatement(db: Database, now: number, limit: number) {
  return db
    .delete(accountTokens)
    .where(
      sql`${accountTokens.id} in (select ${accountTokens.id} from ${accountTokens} where ${accountTokens.expiresAt} <= ${now - 24 * HOUR} limit ${limit})`,
    );
}
