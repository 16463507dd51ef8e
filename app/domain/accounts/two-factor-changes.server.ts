// The changes to an account's two-factor sign-in that would let someone holding a stolen session
// keep the account: turning it on (their own app, their recovery codes), making new recovery
// codes, turning it off. Each asks the owner to confirm it is them (reauthentication.server.ts:
// the password, or a current code once the account has two-factor sign-in, or the address typed
// by an account with neither), each is told to the account's address by letter, and each takes
// effect once however often it is sent at the same moment: the batch that writes it checks, in
// each of its statements, that what it replaces is still what it read (ADR 0075). The recovery
// codes made are returned, to be shown once in the answer to the request that made them.
import { and, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { recoveryCodes, twoFactorCredentials } from "#db/schema";
import { TWO_FACTOR_MESSAGES } from "./account-messages";
import { confirmIdentity, type ReauthResult } from "./reauthentication.server";
import { clearSubjectStatement, releaseClaim } from "./sign-in-limits.server";
import {
  acceptedStep,
  claimCodeAttempt,
  failureSubject,
  hashRecoveryCode,
  insertRecoveryCodesStatement,
  newRecoveryCodes,
  openSecret,
} from "./two-factor.server";

/** How the owner confirms a change: whichever of these the account has. */
export interface Confirmation {
  currentPassword?: string;
  code?: string;
  confirmEmail?: string;
}

interface ChangeOptions {
  secrets: readonly string[];
  clientAddress: string;
  origin: string;
}

export type TwoFactorRefusal = {
  ok: false;
  status: 400 | 409 | 429;
  /** The form's field the refusal is about; null for the whole form. */
  field: "currentPassword" | "code" | "confirmEmail" | null;
  message: string;
  retryAfterSeconds?: number;
};

const refused = (status: 400 | 409 | 429, message: string, field: TwoFactorRefusal["field"] = null) =>
  ({ ok: false, status, field, message }) as const satisfies TwoFactorRefusal;

function notConfirmed(result: Exclude<ReauthResult, { ok: true }>): TwoFactorRefusal {
  return { ...result };
}

const changed = (userId: string, origin: string, enabled: boolean): AccountEvent => ({
  kind: "two_factor_changed",
  userId,
  changeId: crypto.randomUUID(),
  enabled,
  origin,
});

/**
 * Turns two-factor sign-in on with the first code the app shows for the secret being set up,
 * once the owner confirmed it is them (the password, or the address typed: the app is not
 * proven yet), and makes the recovery codes. Two confirmations at once: one turns it on and
 * writes its codes, the other is refused (409) and writes nothing.
 */
export async function confirmTwoFactorSetup(
  db: Database,
  user: { id: string; email: string },
  input: { code: string; currentPassword?: string; confirmEmail?: string },
  options: ChangeOptions,
): Promise<{ ok: true; recoveryCodes: string[]; events: AccountEvent[] } | TwoFactorRefusal> {
  const [setup] = await db
    .select({ secret: twoFactorCredentials.secret, enabledAt: twoFactorCredentials.enabledAt })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, user.id))
    .limit(1);
  if (!setup || setup.enabledAt) {
    return refused(409, setup ? TWO_FACTOR_MESSAGES.alreadyEnabled : TWO_FACTOR_MESSAGES.noSetup);
  }
  // The code field is the new app's code here, never a confirmation.
  const confirmed = await confirmIdentity(
    db,
    user,
    { currentPassword: input.currentPassword, confirmEmail: input.confirmEmail },
    options,
  );
  if (!confirmed.ok) return notConfirmed(confirmed);
  const claimed = await claimCodeAttempt(db, user.id);
  if (!claimed.ok) return { ...claimed, field: "code" };
  const opened = await openSecret(setup.secret, user.id, options.secrets);
  if (!opened) {
    await releaseClaim(db, claimed.claim);
    return refused(409, TWO_FACTOR_MESSAGES.noSetup);
  }
  const step = await acceptedStep(opened.secret, input.code.replace(/\s/g, ""));
  // A wrong code keeps its claimed slot.
  if (step === null) return refused(400, TWO_FACTOR_MESSAGES.wrongCode, "code");
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  // The setup read above, still waiting for its first code (its sealed secret is new at each
  // start): every statement checks it, so a batch that runs after another confirmed writes nothing.
  const stillWaiting = sql`exists (select 1 from ${twoFactorCredentials} where ${twoFactorCredentials.userId} = ${user.id} and ${twoFactorCredentials.enabledAt} is null and ${twoFactorCredentials.secret} = ${setup.secret})`;
  const [, , enabled] = await db.batch([
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), stillWaiting)),
    insertRecoveryCodesStatement(db, user.id, hashes, stillWaiting),
    db
      .update(twoFactorCredentials)
      .set({ enabledAt: new Date(), lastStep: step })
      .where(
        and(
          eq(twoFactorCredentials.userId, user.id),
          isNull(twoFactorCredentials.enabledAt),
          eq(twoFactorCredentials.secret, setup.secret),
        ),
      )
      .returning({ userId: twoFactorCredentials.userId }),
    clearSubjectStatement(db, failureSubject(user.id)),
  ]);
  // Confirmed by another request a moment ago (a double submit): its codes stand, and it shows them.
  if (enabled.length === 0) return refused(409, TWO_FACTOR_MESSAGES.changedMeanwhile);
  return { ok: true, recoveryCodes: codes, events: [changed(user.id, options.origin, true)] };
}

/**
 * New recovery codes for an account with two-factor sign-in on, once the owner confirmed it is
 * them: the old ones stop working. Two at once: one replaces the codes, the other is refused
 * (409) and writes nothing, so no answer ever shows codes that do not work.
 */
export async function regenerateRecoveryCodes(
  db: Database,
  user: { id: string; email: string },
  input: Confirmation,
  options: ChangeOptions,
): Promise<{ ok: true; recoveryCodes: string[]; events: AccountEvent[] } | TwoFactorRefusal> {
  // The set being replaced, read before anything is judged.
  const [on, current] = await db.batch([
    db
      .select({ userId: twoFactorCredentials.userId })
      .from(twoFactorCredentials)
      .where(and(eq(twoFactorCredentials.userId, user.id), isNotNull(twoFactorCredentials.enabledAt))),
    db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
  ]);
  if (on.length === 0) return refused(409, TWO_FACTOR_MESSAGES.notEnabled);
  const confirmed = await confirmIdentity(db, user, input, options);
  if (!confirmed.ok) return notConfirmed(confirmed);
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  // Still on, and the account's codes still the set read above (its ids, in order): the batch
  // writes the new codes only then, and removes the others only beside its own new ones. A batch
  // that runs after another replaced the set writes nothing.
  const fingerprint = current
    .map((row) => row.id)
    .sort()
    .join(",");
  const unchanged = sql`exists (select 1 from ${twoFactorCredentials} where ${twoFactorCredentials.userId} = ${user.id} and ${twoFactorCredentials.enabledAt} is not null) and (select coalesce(group_concat(id, ','), '') from (select ${recoveryCodes.id} as id from ${recoveryCodes} where ${recoveryCodes.userId} = ${user.id} order by ${recoveryCodes.id})) = ${fingerprint}`;
  const [written] = await db.batch([
    insertRecoveryCodesStatement(db, user.id, hashes, unchanged),
    db
      .delete(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          notInArray(recoveryCodes.codeHash, hashes),
          sql`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${user.id} and ${recoveryCodes.codeHash} = ${hashes[0]})`,
        ),
      ),
  ]);
  if (written.length === 0) return refused(409, TWO_FACTOR_MESSAGES.changedMeanwhile);
  return {
    ok: true,
    recoveryCodes: codes,
    events: [
      { kind: "recovery_codes_replaced", userId: user.id, changeId: crypto.randomUUID(), origin: options.origin },
    ],
  };
}

/** Turns two-factor sign-in off once the owner confirmed it is them; never for an admin. */
export async function disableTwoFactor(
  db: Database,
  user: { id: string; email: string; role: Role },
  input: Confirmation,
  options: ChangeOptions,
): Promise<{ ok: true; events: AccountEvent[] } | TwoFactorRefusal> {
  if (user.role === "admin") return refused(409, TWO_FACTOR_MESSAGES.requiredForAdmins);
  const [on] = await db
    .select({ userId: twoFactorCredentials.userId })
    .from(twoFactorCredentials)
    .where(and(eq(twoFactorCredentials.userId, user.id), isNotNull(twoFactorCredentials.enabledAt)))
    .limit(1);
  if (!on) return refused(409, TWO_FACTOR_MESSAGES.notEnabled);
  const confirmed = await confirmIdentity(db, user, input, options);
  if (!confirmed.ok) return notConfirmed(confirmed);
  const [removed] = await db.batch([
    db
      .delete(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, user.id))
      .returning({ userId: twoFactorCredentials.userId }),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
  ]);
  // Turned off by another request a moment ago: the same outcome, told once.
  return { ok: true, events: removed.length === 0 ? [] : [changed(user.id, options.origin, false)] };
}
