// The money's part of the scheduled job (ADR 0057): held payments whose protection window has
// ended without an open claim are released, movements that failed are retried, and (offline)
// sellers' balances are paid out from the ledger. Bounded per run; a backlog is worked off over
// the following runs. The job's clock is the run's scheduled time.
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { dueUnshipped, remindSelfTrackedDue, remindToShip } from "../parcels/due.server";
import { payOutFromLedger } from "../payouts/payouts.server";
import type { PaymentSettings } from "../providers/settings";
import type { PaymentProvider } from "../providers/types";
import { recoverDebts } from "./debts.server";
import { cancelUnshipped, dueDeals, releaseDueDeal } from "./decisions.server";
import { dealsWithDueMovements, settleDeal } from "./operations.server";

/** Deals released per run. */
export const RELEASE_BATCH_LIMIT = 50;
/** Deals whose waiting movements are retried per run. */
export const RETRY_BATCH_LIMIT = 50;

export interface MoneyJobResult {
  released: number;
  /** Shipped deals cancelled and refunded because their parcel was never sent (ADR 0086). */
  cancelledUnshipped: number;
  retried: number;
  /** Sellers whose debt a transfer reversal recovered (ADR 0087). */
  debtsRecovered: number;
  payoutsMade: number;
  payoutsPaid: number;
  events: DomainEvent[];
}

export async function runMoneyJobs(
  db: Database,
  provider: PaymentProvider,
  settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">,
  now: number,
): Promise<MoneyJobResult> {
  const result: MoneyJobResult = {
    released: 0,
    cancelledUnshipped: 0,
    retried: 0,
    debtsRecovered: 0,
    payoutsMade: 0,
    payoutsPaid: 0,
    events: [],
  };
  // Parcels not sent long after their ship-by date: their buyers get everything back.
  for (const bookingId of await dueUnshipped(db, now, RELEASE_BATCH_LIMIT)) {
    try {
      const cancelled = await cancelUnshipped(db, provider, "job", bookingId, now);
      if (cancelled.ok && cancelled.decided) {
        result.cancelledUnshipped += 1;
        result.events.push(...cancelled.events);
      }
    } catch (error) {
      console.error("The cancellation of an unsent parcel failed; the next run tries again", bookingId, error);
    }
  }
  result.events.push(...(await remindToShip(db, now, RELEASE_BATCH_LIMIT)));
  result.events.push(...(await remindSelfTrackedDue(db, now, RELEASE_BATCH_LIMIT)));
  for (const paymentId of await dueDeals(db, now, RELEASE_BATCH_LIMIT)) {
    try {
      const released = await releaseDueDeal(db, provider, settings, paymentId, now);
      if (released.ok && released.decided) {
        result.released += 1;
        result.events.push(...released.events);
      }
    } catch (error) {
      console.error("The release of a deal failed; the next run tries again", paymentId, error);
    }
  }
  for (const paymentId of await dealsWithDueMovements(db, now, RETRY_BATCH_LIMIT)) {
    result.retried += 1;
    result.events.push(...(await settleDeal(db, provider, paymentId, now)));
  }
  // What sellers owe, taken back from their accounts before anything is paid out of them.
  result.debtsRecovered = (await recoverDebts(db, provider, now)).recovered;
  if (provider.payouts.paysOutFromLedger) {
    const payouts = await payOutFromLedger(db, provider.name, now);
    result.payoutsMade = payouts.made;
    result.payoutsPaid = payouts.paid;
    result.events.push(...payouts.events);
  }
  return result;
}
