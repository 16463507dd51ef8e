// The scheduled job that keeps the data honest and small: unpaid bookings past their deadline
// end (as a cancel would: history kept, the product released only if this booking held it),
// and rows nothing reads any more are deleted. One D1 batch per run, a bounded amount of work
// in each statement, so a backlog is worked off over several runs within a run's limits.
import { inArray, lte } from "drizzle-orm";
import { purgeOldLinksStatement } from "#app/domain/accounts/account-links.server";
import { purgeExpiredSessionsStatement } from "#app/domain/accounts/sessions.server";
import { purgeOldSignInAttemptsStatement } from "#app/domain/accounts/sign-in-limits.server";
import { dueBookingIds, endActiveBookingsStatements } from "#app/domain/catalog/availability.server";
import { expireOffersStatements } from "#app/domain/deals/offers/offers.server";
import { eraseAddressesStatement } from "#app/domain/deals/shipping/addresses.server";
import { releaseStaleLabelClaimsStatement } from "#app/domain/deals/shipping/labels.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { type Database, rowsChanged } from "#db/client";
import { processedEvents } from "#db/schema";

/** Bookings ended per run; a larger backlog is ended by the following runs, oldest first. */
export const EXPIRY_BATCH_LIMIT = 200;
/** Rows of each kind deleted per run. */
export const PURGE_BATCH_LIMIT = 1000;
/**
 * How long a handled provider event is remembered. Stripe retries a webhook for up to 3 days;
 * a month is far beyond any retry, so a replay is still recognised and answered "duplicate".
 */
export const PROCESSED_EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

export interface MaintenanceResult {
  expiredBookingIds: string[];
  /** Live offers past their deadline, now expired (ADR 0061). */
  expiredOfferIds: string[];
  productsReleased: number;
  sessionsPurged: number;
  signInAttemptsPurged: number;
  processedEventsPurged: number;
  linksPurged: number;
  /** Buyers' addresses erased from shipments no deal needs any more. */
  addressesErased: number;
  /** What happened, for whoever tells people about it. */
  events: DomainEvent[];
}

/** One run of the job at `now` (the scheduled time of the run). */
export async function runMaintenance(db: Database, now: number): Promise<MaintenanceResult> {
  const due = { dueBy: now, limit: EXPIRY_BATCH_LIMIT };
  const [release, end] = endActiveBookingsStatements(db, due, "expired", { releaseProducts: true, now });
  const [dueOffers, expireOffers] = expireOffersStatements(db, due);
  const [expired, released, , sessionsPurged, attemptsPurged, eventsPurged, linksPurged, offersDue, , erased] =
    await db.batch([
      // The bookings this run ends, read inside the same transaction before they change.
      dueBookingIds(db, due),
      release!,
      end!,
      purgeExpiredSessionsStatement(db, now, PURGE_BATCH_LIMIT),
      purgeOldSignInAttemptsStatement(db, now, PURGE_BATCH_LIMIT),
      db.delete(processedEvents).where(
        inArray(
          processedEvents.id,
          db
            .select({ id: processedEvents.id })
            .from(processedEvents)
            .where(lte(processedEvents.receivedAt, new Date(now - PROCESSED_EVENT_RETENTION_MS)))
            .limit(PURGE_BATCH_LIMIT),
        ),
      ),
      purgeOldLinksStatement(db, now, PURGE_BATCH_LIMIT),
      // The offers this run expires, read inside the same transaction before they change.
      dueOffers,
      expireOffers,
      // Buyers' addresses no deal needs any more (ADR 0086).
      eraseAddressesStatement(db, now, PURGE_BATCH_LIMIT),
      // Label purchases that never finished let their parcel go (ADR 0086).
      releaseStaleLabelClaimsStatement(db, now),
    ]);
  const expiredOfferIds = (offersDue as { id: string }[]).map((row) => row.id);
  const expiredBookingIds = (expired as { id: string }[]).map((row) => row.id);
  return {
    expiredBookingIds,
    expiredOfferIds,
    productsReleased: (released as unknown[]).length,
    sessionsPurged: rowsChanged(sessionsPurged),
    signInAttemptsPurged: rowsChanged(attemptsPurged),
    processedEventsPurged: rowsChanged(eventsPurged),
    linksPurged: rowsChanged(linksPurged),
    addressesErased: rowsChanged(erased),
    events: [
      ...expiredBookingIds.map((bookingId) => ({ kind: "booking_expired" as const, bookingId })),
      ...expiredOfferIds.map((offerId) => ({ kind: "offer_expired" as const, offerId })),
    ],
  };
}
