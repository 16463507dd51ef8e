// The notification queue's consumer (wrangler.toml [[queues.consumers]]): each message is one
// domain event; its letters are claimed, built from the current data and sent through the
// email provider (ADR 0033, 0034). A message whose letters all went out (or were sent by an
// earlier delivery) is acknowledged; one whose provider failed is retried, and after
// max_retries it lands in the dead letter queue.

import { deliverNotification } from "#app/domain/notifications/deliver.server";
import { chooseEmailProvider } from "#app/domain/notifications/email.server";
import { parseNotificationMessage } from "#app/domain/notifications/messages";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";

export const queue: ExportedHandlerQueueHandler<Env> = async (batch, env) => {
  const { DB, settings, currency } = parseEnv(env as unknown as Record<string, unknown>);
  const db = database(DB);
  const provider = chooseEmailProvider(db, settings);
  const options = {
    appUrl: settings.APP_URL,
    appName: settings.APP_NAME,
    currency,
    secrets: settings.SESSION_SECRET,
  };
  for (const message of batch.messages) {
    const event = parseNotificationMessage(message.body);
    if (!event) {
      // Never one of ours: retrying cannot help.
      console.error(JSON.stringify({ notificationRejected: message.id }));
      message.ack();
      continue;
    }
    try {
      const report = await deliverNotification(db, provider, event, options);
      console.log(
        JSON.stringify({ notification: message.id, kind: event.kind, attempts: message.attempts, ...report }),
      );
      if (report.retry) message.retry();
      else message.ack();
    } catch (error) {
      console.error(JSON.stringify({ notification: message.id, error: String(error) }));
      message.retry();
    }
  }
};
