// The Cron Trigger (wrangler.toml [triggers]): one run of the maintenance job per tick, at the
// tick's scheduled time. What the job reports as happened (bookings that expired) goes to
// `publish`, which tells nobody yet: delivering notifications plugs in here.

import type { DomainEvent } from "../app/domain/events";
import { runMaintenance } from "../app/domain/maintenance.server";
import { parseEnv } from "../app/server/env.server";
import { database } from "../db/client";
import { bumpVersion, edgeCacheEnabled } from "./edge-cache";

export type PublishEvents = (events: DomainEvent[]) => Promise<void>;

/** No notifications are delivered yet; the events are only counted in the log line. */
export const publishNothing: PublishEvents = async () => {};

export async function runScheduled(
  scheduledTime: number,
  env: Record<string, unknown>,
  publish: PublishEvents = publishNothing,
) {
  const { DB } = parseEnv(env);
  const result = await runMaintenance(database(DB), scheduledTime);
  // A listing whose booking expired is bookable again: cached pages must say so (ADR 0037).
  if (result.productsReleased > 0 && edgeCacheEnabled(env)) await bumpVersion();
  await publish(result.events);
  console.log(
    JSON.stringify({
      job: "maintenance",
      scheduledTime,
      bookingsExpired: result.expiredBookingIds.length,
      productsReleased: result.productsReleased,
      sessionsPurged: result.sessionsPurged,
      signInAttemptsPurged: result.signInAttemptsPurged,
      processedEventsPurged: result.processedEventsPurged,
    }),
  );
  return result;
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  await runScheduled(controller.scheduledTime, env as unknown as Record<string, unknown>, publishNothing);
};
