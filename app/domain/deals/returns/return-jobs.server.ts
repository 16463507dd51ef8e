// A return's clocks, read by the scheduled job (ADR 0107; the five-minute Cron Trigger, no timer
// of our own): a return the seller did not answer in time goes to the admin, one not sent in time
// lapses (the deal goes on), and one delivered and not checked in time is refunded. Bounded per
// run; the job's clock is the run's scheduled time.
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { PaymentSettings } from "../providers/settings";
import type { PaymentProvider } from "../providers/types";
import {
  dueReturns,
  lapseUnsent,
  refundReturn,
  releaseStaleLabelClaims,
  sendUnansweredToAdmin,
} from "./returns.server";

export const RETURN_BATCH_LIMIT = 50;

export interface ReturnJobResult {
  toAdmin: number;
  lapsed: number;
  refunded: number;
  events: DomainEvent[];
}

export async function runReturnJobs(
  db: Database,
  provider: PaymentProvider,
  settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">,
  now: number,
): Promise<ReturnJobResult> {
  const result: ReturnJobResult = { toAdmin: 0, lapsed: 0, refunded: 0, events: [] };
  await releaseStaleLabelClaims(db, now);
  const due = await dueReturns(db, now, RETURN_BATCH_LIMIT);
  for (const returnId of due.unanswered) {
    const events = await sendUnansweredToAdmin(db, returnId, now);
    result.toAdmin += events.length;
    result.events.push(...events);
  }
  for (const returnId of due.unsent) {
    if (await lapseUnsent(db, returnId, now)) result.lapsed += 1;
  }
  for (const returnId of due.unchecked) {
    try {
      const refunded = await refundReturn(db, provider, settings, returnId, now);
      if (refunded.ok) {
        result.refunded += 1;
        result.events.push(...refunded.events);
      }
    } catch (error) {
      console.error("A return's refund failed; the next run tries again", returnId, error);
    }
  }
  return result;
}
