// The Cron Trigger (wrangler.toml [triggers]): one run of the maintenance job per tick, at the
// tick's scheduled time, then the money's jobs (held payments released at the end of their
// protection window, failed movements retried, offline payouts; ADR 0057), a part of the daily
// reconciliation of the ledger with the provider (ADR 0089), then the saved searches' matching
// (ADR 0062). What the jobs report
// as happened goes to the notification queue through the one publisher (ADR 0033).

import { runAlertPass } from "#app/domain/alerts/matching.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { dayToReconcile, reconcile } from "#app/domain/deals/reconciliation/reconciliation.server";
import { runReturnJobs } from "#app/domain/deals/returns/return-jobs.server";
import { runMoneyJobs } from "#app/domain/deals/settlement/jobs.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { advanceOfflineParcels } from "#app/domain/deals/shipping/offline-parcels.server";
import { advanceOfflineReturns } from "#app/domain/deals/shipping/return-parcels.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { parseEnv } from "#app/server/env.server";
import { runMaintenance } from "#app/server/maintenance.server";
import { publish } from "#app/server/notifications.server";
import { database } from "#db/client";
import { bumpVersion, edgeCacheEnabled } from "./edge-cache";

export type PublishEvents = (events: DomainEvent[]) => Promise<void>;

export async function runScheduled(scheduledTime: number, env: Record<string, unknown>, publishEvents?: PublishEvents) {
  const appEnv = parseEnv(env);
  const db = database(appEnv.DB);
  const result = await runMaintenance(db, scheduledTime);
  // A listing whose booking expired is bookable again: cached pages must say so (ADR 0037).
  if (result.productsReleased > 0 && edgeCacheEnabled(env)) await bumpVersion();
  const provider = choosePaymentProvider(db, appEnv.settings);
  const money = await runMoneyJobs(db, provider, appEnv.settings, scheduledTime);
  // Returns' clocks (ADR 0107): unanswered to the admin, unsent lapsed, unchecked refunded.
  const returned = await runReturnJobs(db, provider, appEnv.settings, scheduledTime);
  // The day that is over, a bounded part per tick: done over a few ticks, then nothing until the
  // next day. A failure waits on the run (its cursor and error) for the next tick.
  const reconciliation = await reconcile(db, provider, dayToReconcile(scheduledTime), scheduledTime).catch(
    (error: unknown) => {
      console.error("The reconciliation could not run; the next tick tries again", error);
      return null;
    },
  );
  // The offline carrier's parcels move on by themselves, as a real carrier's would (ADR 0086),
  // only in test mode (ADR 0091).
  const parcels =
    chooseCarrier(appEnv.settings)?.name === "offline"
      ? [
          ...(await advanceOfflineParcels(db, scheduledTime, appEnv.settings.BUYER_PROTECTION_DAYS, 100)),
          ...(await advanceOfflineReturns(db, scheduledTime, 100)),
        ]
      : [];
  // Saved searches: the next new listings matched, the letters due planned (ADR 0062).
  const alerts = await runAlertPass(db, scheduledTime, appEnv.currency);
  // Publishing failures are logged by the publisher; the job's own work is done either way.
  await (publishEvents ?? ((events) => publish(appEnv, events)))([
    ...result.events,
    ...money.events,
    ...returned.events,
    ...(reconciliation?.events ?? []),
    ...parcels,
    ...alerts.events,
  ]);
  console.log(
    JSON.stringify({
      job: "maintenance",
      scheduledTime,
      bookingsExpired: result.expiredBookingIds.length,
      offersExpired: result.expiredOfferIds.length,
      productsReleased: result.productsReleased,
      sessionsPurged: result.sessionsPurged,
      signInAttemptsPurged: result.signInAttemptsPurged,
      processedEventsPurged: result.processedEventsPurged,
      dealsReleased: money.released,
      dealsRetried: money.retried,
      dealsCancelledUnshipped: money.cancelledUnshipped,
      payoutsMade: money.payoutsMade,
      payoutsPaid: money.payoutsPaid,
      debtsRecovered: money.debtsRecovered,
      returnsToAdmin: returned.toAdmin,
      returnsLapsed: returned.lapsed,
      returnsRefunded: returned.refunded,
      reconciliationDay: dayToReconcile(scheduledTime),
      reconciliationChecked: reconciliation?.checked ?? 0,
      reconciliationStatus: reconciliation?.status ?? "failed",
      linksPurged: result.linksPurged,
      addressesErased: result.addressesErased,
      alertListingsRead: alerts.listingsRead,
      alertMatches: alerts.matches,
      alertLetters: alerts.letters,
    }),
  );
  return { ...result, money, reconciliation, alerts };
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  await runScheduled(controller.scheduledTime, env as unknown as Record<string, unknown>);
};
