// The Cron Trigger (wrangler.toml [triggers]): one run of the maintenance job per tick, at the
// tick's scheduled time, then the money's jobs (held payments released at the end of their
// protection window, failed movements retried, offline payouts; ADR 0057), then the saved searches'
// matching (ADR 0062). What the jobs report
// as happened goes to the notification queue through the one publisher (ADR 0033).

import { runAlertPass } from "#app/domain/alerts/matching.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { runMoneyJobs } from "#app/domain/deals/settlement/jobs.server";
import { carrierProviderName } from "#app/domain/deals/shipping/carriers";
import { advanceOfflineParcels } from "#app/domain/deals/shipping/shipments.server";
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
  const money = await runMoneyJobs(db, choosePaymentProvider(db, appEnv.settings), appEnv.settings, scheduledTime);
  // The offline carrier's parcels move on by themselves, as a real carrier's would (ADR 0086).
  const parcels =
    carrierProviderName(appEnv.settings) === "offline"
      ? await advanceOfflineParcels(db, scheduledTime, appEnv.settings.BUYER_PROTECTION_DAYS, 100)
      : [];
  // Saved searches: the next new listings matched, the letters due planned (ADR 0062).
  const alerts = await runAlertPass(db, scheduledTime);
  // Publishing failures are logged by the publisher; the job's own work is done either way.
  await (publishEvents ?? ((events) => publish(appEnv, events)))([
    ...result.events,
    ...money.events,
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
      linksPurged: result.linksPurged,
      addressesErased: result.addressesErased,
      alertListingsRead: alerts.listingsRead,
      alertMatches: alerts.matches,
      alertLetters: alerts.letters,
    }),
  );
  return { ...result, money, alerts };
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  await runScheduled(controller.scheduledTime, env as unknown as Record<string, unknown>);
};
