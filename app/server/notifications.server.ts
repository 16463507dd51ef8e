// The one publisher of notifications: both adapters (page actions, the REST API) and the
// scheduled job hand it the events a domain operation returned, after the operation
// succeeded. It sends them to the queue in one batch; the consumer delivers them (ADR 0033).
// Publishing never fails the user's request: an error is logged, and with an execution
// context the sending runs after the response has gone.
import { toNotificationMessage } from "#app/domain/notifications/messages";
import type { DomainEvent } from "#app/domain/shared/events";
import type { AppEnv } from "./env.server";

/** Queues take at most 100 messages per sendBatch. */
const MAX_BATCH = 100;

export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

async function send(env: Pick<AppEnv, "NOTIFICATIONS">, events: DomainEvent[]) {
  try {
    if (!env.NOTIFICATIONS) throw new Error("The NOTIFICATIONS queue binding is missing");
    for (let start = 0; start < events.length; start += MAX_BATCH) {
      const batch = events.slice(start, start + MAX_BATCH);
      await env.NOTIFICATIONS.sendBatch(batch.map((event) => ({ body: toNotificationMessage(event) })));
    }
  } catch (error) {
    console.error(
      JSON.stringify({
        notificationsNotPublished: events.map(toNotificationMessage).map((message) => message.key),
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

/** Publishes the events; with `ctx` the response does not wait for the queue. */
export async function publish(
  env: Pick<AppEnv, "NOTIFICATIONS">,
  events: readonly DomainEvent[],
  ctx?: WaitUntil | null,
): Promise<void> {
  if (events.length === 0) return;
  const sending = send(env, [...events]);
  if (ctx) ctx.waitUntil(sending);
  else await sending;
}

/** From a page's action: the load context carries the env and the Worker's execution context. */
export function publishFromRoute(
  context: { env: Pick<AppEnv, "NOTIFICATIONS">; cloudflare?: { ctx?: WaitUntil } },
  events: readonly DomainEvent[],
): Promise<void> {
  return publish(context.env, events, context.cloudflare?.ctx);
}
