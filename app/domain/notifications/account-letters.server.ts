// The letters about an account, told to its owner whatever they turned off: a one-time link
// (a password reset, an address to verify, a new address to confirm) and the notices that the
// address, the password, two-factor sign-in or the recovery codes changed. A link's letter is built from the token
// the queue message carries: the stored hash finds the link, and the letter is written only
// while the link can still be used (docs/decisions, "One-time links in letters").
import { eq } from "drizzle-orm";
import { hashLinkToken, isLinkTokenShaped, LINK_TTL_MS, linkUrl } from "#app/domain/accounts/account-links.server";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { accountTokens, users } from "#db/schema";
import { greeting, type LetterOptions, loadUser, type PlannedLetter, type Recipient } from "./letter-kit.server";

/** How a link's lifetime reads in its letter ("1 hour", "24 hours"). */
function lifetime(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** The site's address for a letter's links: APP_URL, or the address the request came to. */
function siteOf(options: LetterOptions, origin: string): string {
  return (options.appUrl ?? origin).replace(/\/$/, "");
}

async function linkLetter(
  db: Database,
  event: Extract<AccountEvent, { kind: "account_link" }>,
  options: LetterOptions,
  now: number,
): Promise<PlannedLetter[]> {
  if (!isLinkTokenShaped(event.token)) return [];
  const [row] = await db
    .select({
      id: accountTokens.id,
      purpose: accountTokens.purpose,
      email: accountTokens.email,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      user: { id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt },
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(eq(accountTokens.tokenHash, await hashLinkToken(event.token)))
    .limit(1);
  // No such link (a reset asked for an address no account has), or one that can no longer be
  // used: nothing to send.
  if (!row || row.id !== event.linkId || row.usedAt || row.expiresAt.getTime() <= now) return [];
  const ownAddress = row.email.toLowerCase() === row.user.email.toLowerCase();
  if (row.purpose !== "change_email" && !ownAddress) return [];
  const recipient: Recipient = {
    id: row.user.id,
    name: row.user.name,
    email: row.email,
    deleted: row.user.deletedAt !== null,
  };
  const url = linkUrl(siteOf(options, event.origin), row.purpose, event.token);
  const within = `The link works once, within ${lifetime(LINK_TTL_MS[row.purpose])}:\n${url}`;
  const letter = (subject: string, text: string): PlannedLetter => ({
    recipient,
    kind: row.purpose,
    subject,
    text: greeting(recipient, text, options),
    required: true,
    secrets: [url],
  });
  switch (row.purpose) {
    case "reset_password":
      return [
        letter(
          `Reset your ${options.appName} password`,
          `Someone asked to reset the password of your ${options.appName} account. To choose a new one, open this page. ` +
            `${within}\n\nIf you did not ask for this, ignore this letter: your password stays as it is.`,
        ),
      ];
    case "verify_email":
      return [
        letter(
          `Confirm your email address for ${options.appName}`,
          `Please confirm that this address belongs to your ${options.appName} account. ${within}\n\n` +
            `Until you confirm it, a seller's listings are not shown to buyers. If you did not create an account, ignore this letter.`,
        ),
      ];
    case "change_email":
      return [
        letter(
          `Confirm your new email address for ${options.appName}`,
          `You asked to use this address for your ${options.appName} account instead of ${row.user.email}. ` +
            `Confirm it on this page. ${within}\n\nUntil you do, your account keeps its current address. ` +
            "If you did not ask for this, ignore this letter.",
        ),
      ];
  }
}

/** Every letter an account event makes: one, to the account's owner (or none, once it is gone). */
export async function accountLetters(
  db: Database,
  event: AccountEvent,
  options: LetterOptions,
  now = Date.now(),
): Promise<PlannedLetter[]> {
  if (event.kind === "account_link") return linkLetter(db, event, options, now);
  const owner = await loadUser(db, event.userId);
  if (!owner) return [];
  const site = siteOf(options, event.origin);
  const notice = (recipient: Recipient, subject: string, text: string): PlannedLetter => ({
    recipient,
    kind: event.kind,
    subject,
    text: greeting(recipient, text, options),
    required: true,
  });
  const notYou = `If this was not you, reset your password at ${site}/forgot-password and write to us through ${site}/contact.`;
  switch (event.kind) {
    case "email_changed":
      // Told at the address it had, which may no longer be the owner's.
      return [
        notice(
          { ...owner, email: event.previousEmail },
          `Your ${options.appName} email address was changed`,
          `The email address of your ${options.appName} account was changed from ${event.previousEmail} to ${owner.email}. ` +
            `Letters now go to the new address.\n\nIf you did not do this, write to us through ${site}/contact.`,
        ),
      ];
    case "password_changed":
      return [
        notice(
          owner,
          `Your ${options.appName} password was changed`,
          `The password of your ${options.appName} account was changed, and your other sessions were signed out.\n\n${notYou}`,
        ),
      ];
    case "recovery_codes_replaced":
      return [
        notice(
          owner,
          `New ${options.appName} recovery codes were made`,
          `New recovery codes were made for your ${options.appName} account; the old ones no longer work.\n\n${notYou}`,
        ),
      ];
    case "two_factor_changed":
      return [
        notice(
          owner,
          event.enabled ? "Two-factor sign-in is on" : "Two-factor sign-in is off",
          event.enabled
            ? `Signing in to your ${options.appName} account now also asks for a code from your authenticator app. ` +
                `Keep your recovery codes somewhere safe.\n\n${notYou}`
            : `Signing in to your ${options.appName} account no longer asks for a code from an authenticator app.\n\n${notYou}`,
        ),
      ];
  }
}
