// The Cron Trigger (wrangler.toml [triggers]): one run of the maintenance job per tick, at the
// tick's scheduled time. What the job reports as happened (bookings that expired) goes to the
// notification queue through the one publisher (ADR 0033).

import type { DomainEvent } from "#app/domain/notifications/events";
import { runMaintenance } from "#app/domain/shared/maintenance.server";
import { parseEnv } from "#app/server/env.server";
import { publish } from "#app/server/notifications.server";
import { database } from "#db/client";
import { bumpVersion, edgeCacheEnabled } from "./edge-cache";

export type PublishEvents = (events: DomainEvent[]) => Promise<void>;

export async function runScheduled(scheduledTime: number, env: Record<string, unknown>, publishEvents?: PublishEvents) {
  const appEnv = parseEnv(env);
  const result = await runMaintenance(database(appEnv.DB), scheduledTime);
  // A listing whose booking expired is bookable again: cached pages must say so (ADR 0037).
  if (result.productsReleased > 0 && edgeCacheEnabled(env)) await bumpVersion();
  // Publishing failures are logged by the publisher; the job's own work is done either way.
  await (publishEvents ?? ((events) => publish(appEnv, events)))(result.events);
  console.log(
    JSON.stringify({
      job: "maintenance",
      scheduledTime,
      bookingsExpired: result.expiredBookingIds.length,
      productsReleased: result.productsReleased,
      sessionsPurged: result.sessionsPurged,
      signInAttemptsPurged: result.signInAttemptsPurged,
      processedEventsPurged: result.processedEventsPurged,
      linksPurged: result.linksPurged,
    }),
  );
  return result;
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  await runScheduled(controller.scheduledTime, env as unknown as Record<string, unknown>);
};
