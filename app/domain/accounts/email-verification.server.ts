// Proving an email address: the link a new account is sent (registration, account-links.server.ts),
// "Resend" while it is unverified, and a change of address, which takes effect only once a link
// sent to the new address is opened (until then the account keeps its verified address). The old
// address is told of the change. An unverified seller's listings are not public (the listing
// rule, catalog.server.ts), and payouts wait for a verified address (`mayReceivePayouts`).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { users } from "#db/schema";
import {
  endLinksStatement,
  hashLinkToken,
  inspectLink,
  isReplay,
  issueLinkStatement,
  linkEvent,
  linkedAccount,
  linkedAddress,
  linkRefusal,
  prepareLink,
} from "./account-links.server";
import { VERIFICATION_MESSAGES } from "./account-messages";
import { MESSAGES } from "./accounts.server";
import { emailMatches, sameEmail } from "./emails";
import { confirmIdentity, type ReauthResult } from "./reauthentication.server";

export { VERIFICATION_MESSAGES };

/**
 * The seam the payouts work uses: an account may set up payouts (receive money) only once its
 * email address is verified.
 */
export function mayReceivePayouts(user: { emailVerified: boolean }): { ok: true } | { ok: false; message: string } {
  return user.emailVerified ? { ok: true } : { ok: false, message: VERIFICATION_MESSAGES.notForPayouts };
}

type Refused = { ok: false; status: 409 | 429; message: string };

/** A new verification link for a signed-in account whose address is not verified yet. */
export async function resendVerification(
  db: Database,
  user: { id: string; email: string },
  options: { origin: string; now?: number },
): Promise<{ ok: true; message: string; events: AccountEvent[] } | Refused> {
  const now = options.now ?? Date.now();
  const link = await prepareLink("verify_email");
  const [[account], issued] = await db.batch([
    db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id)).limit(1),
    issueLinkStatement(db, link, and(eq(users.id, user.id), isNull(users.emailVerifiedAt)), { now }),
  ]);
  if (account?.verifiedAt) return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyVerified };
  if ((issued as D1Result).meta.changes !== 1) {
    const why = await linkRefusal(db, user.id, "verify_email", now);
    return { ok: false, status: 429, message: VERIFICATION_MESSAGES[why] };
  }
  return { ok: true, message: VERIFICATION_MESSAGES.sent(user.email), events: [linkEvent(link, options.origin)] };
}

type EmailRequestResult =
  | { ok: true; message: string; events: AccountEvent[] }
  | (Refused & { field: "email" })
  | { ok: false; status: 400; field: "email"; message: string };

export type EmailChangeResult = EmailRequestResult | Exclude<ReauthResult, { ok: true }>;

/**
 * A new address, asked for by the signed-in owner, who confirms it is them first (the password,
 * a current code, or the address typed by an account with neither: reauthentication.server.ts):
 * a link goes to the new address, and the account keeps its current one until it is opened;
 * then the old address is told (`email_changed`). The Settings page and PUT /api/account/email
 * both come here.
 */
export async function changeEmail(
  db: Database,
  user: { id: string; email: string },
  input: { email: string; currentPassword?: string; code?: string; confirmEmail?: string },
  options: { secrets: readonly string[]; clientAddress: string; origin: string },
): Promise<EmailChangeResult> {
  const confirmed = await confirmIdentity(db, user, input, options);
  if (!confirmed.ok) return confirmed;
  return requestEmailChange(db, user, { email: input.email, origin: options.origin });
}

/**
 * Asks to move the account to a new address: a link goes to it, and the account keeps its
 * current address until the link is opened. For `changeEmail`, once the owner is confirmed.
 */
async function requestEmailChange(
  db: Database,
  user: { id: string; email: string },
  input: { email: string; origin: string; now?: number },
): Promise<EmailRequestResult> {
  const now = input.now ?? Date.now();
  const email = input.email.trim();
  if (sameEmail(email, user.email))
    return { ok: false, status: 400, field: "email", message: VERIFICATION_MESSAGES.sameAddress };
  const [taken] = await db.select({ id: users.id }).from(users).where(emailMatches(users.email, email)).limit(1);
  if (taken) return { ok: false, status: 409, field: "email", message: MESSAGES.emailTaken };
  const link = await prepareLink("change_email");
  const issued = await issueLinkStatement(db, link, eq(users.id, user.id), { email, now });
  if ((issued as unknown as D1Result).meta.changes !== 1) {
    const why = await linkRefusal(db, user.id, "change_email", now);
    return {
      ok: false,
      status: 429,
      field: "email",
      message: why === "repeat" ? VERIFICATION_MESSAGES.changeRepeat : VERIFICATION_MESSAGES.changeLimit,
    };
  }
  return { ok: true, message: VERIFICATION_MESSAGES.changeSent(email), events: [linkEvent(link, input.origin)] };
}

export type ConfirmEmailResult =
  | { ok: true; purpose: "verify_email" | "change_email"; email: string; message: string; events: AccountEvent[] }
  | { ok: false; state: "expired" | "used" | "invalid"; status: 400 | 409 | 410; message: string };

/**
 * Opens a verification or change-of-address link: the address it was sent to becomes the
 * account's verified address, in one batch that decides for itself (the link unused, unexpired,
 * of its purpose; a verification only for the address the account still has). The account's
 * other links of the kind are used up with it; a change also ends its reset links (they were
 * for the old address). Opening it again a moment later (a double submit) is the same success.
 */
export async function confirmEmailLink(
  db: Database,
  token: unknown,
  options: { origin: string; now?: number },
): Promise<ConfirmEmailResult> {
  const now = options.now ?? Date.now();
  const link = await inspectLink(db, token, ["verify_email", "change_email"], now);
  if (link.state === "used") {
    const [account] = await db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, link.userId))
      .limit(1);
    if (isReplay(link, now) && account?.verifiedAt && sameEmail(account.email, link.email)) {
      return {
        ok: true,
        purpose: link.purpose as "verify_email" | "change_email",
        email: account.email,
        message: confirmedMessage(link.purpose, account.email),
        events: [],
      };
    }
    return { ok: false, state: "used", status: 410, message: VERIFICATION_MESSAGES.used };
  }
  if (link.state !== "valid") {
    return link.state === "expired"
      ? { ok: false, state: "expired", status: 410, message: VERIFICATION_MESSAGES.expired }
      : { ok: false, state: "invalid", status: 400, message: VERIFICATION_MESSAGES.invalid };
  }
  const tokenHash = await hashLinkToken(token as string);
  if (link.purpose === "verify_email") {
    const owner = linkedAccount(tokenHash, "verify_email", now);
    await db.batch([
      db
        .update(users)
        .set({ emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
        .where(
          and(
            sql`${users.id} = ${owner}`,
            isNull(users.deletedAt),
            isNull(users.emailVerifiedAt),
            sql`lower(${users.email}) = lower(${linkedAddress(tokenHash)})`,
          ),
        ),
      endLinksStatement(db, owner, ["verify_email"], now),
    ]);
    return {
      ok: true,
      purpose: "verify_email",
      email: link.email,
      message: VERIFICATION_MESSAGES.verified,
      events: [],
    };
  }
  const owner = linkedAccount(tokenHash, "change_email", now);
  try {
    const [previous, changed] = await db.batch([
      db.select({ email: users.email }).from(users).where(sql`${users.id} = ${owner}`).limit(1),
      db
        .update(users)
        .set({ email: sql`${linkedAddress(tokenHash)}`, emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
        .where(and(sql`${users.id} = ${owner}`, isNull(users.deletedAt)))
        .returning({ id: users.id, email: users.email }),
      endLinksStatement(db, owner, ["change_email", "verify_email", "reset_password"], now),
    ]);
    const user = changed[0];
    if (!user || !previous[0]) return { ok: false, state: "used", status: 410, message: VERIFICATION_MESSAGES.used };
    return {
      ok: true,
      purpose: "change_email",
      email: user.email,
      message: VERIFICATION_MESSAGES.changed(user.email),
      events: [
        {
          kind: "email_changed",
          userId: user.id,
          linkId: link.id,
          previousEmail: previous[0].email,
          origin: options.origin,
        },
      ],
    };
  } catch (error) {
    // Someone registered the address after the link was sent.
    if (isUniqueViolation(error)) return { ok: false, state: "invalid", status: 409, message: MESSAGES.emailTaken };
    throw error;
  }
}

function confirmedMessage(purpose: string, email: string): string {
  return purpose === "change_email" ? VERIFICATION_MESSAGES.changed(email) : VERIFICATION_MESSAGES.verified;
}
