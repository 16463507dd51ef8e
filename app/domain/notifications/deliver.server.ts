// Delivering one notification message: each letter is claimed (one row per event and
// recipient) before it is sent, so a message the queue delivers again sends nothing twice. A
// failed send releases its claim and asks for the whole message to be retried; letters
// already sent are skipped on the retry (ADR 0033).
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { type DomainEvent, eventKey } from "#app/domain/shared/events";
import { type Database, rowsChanged } from "#db/client";
import { notificationDeliveries } from "#db/schema";
import type { EmailProvider } from "./email.server";
import { type LetterOptions, plannedLetters } from "./letters.server";
import { wantsNotification } from "./preferences.server";

/** A claim older than this, never marked sent, belongs to a consumer that died: taken over. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

export interface DeliveryReport {
  /** Retry the message: a letter could not be sent. */
  retry: boolean;
  sent: number;
  /** Already sent by an earlier delivery of the same event (or being sent right now). */
  duplicates: number;
  /** Recipients who turned the kind off or whose account is deleted. */
  skipped: number;
  errors: string[];
}

/** Takes the letter for this event and recipient; false when someone has it already. */
export async function claimDelivery(db: Database, key: string, event: string, recipientId: string, now: number) {
  const result = await db
    .insert(notificationDeliveries)
    .values({ key, eventKey: event, recipientId, claimedAt: new Date(now) })
    .onConflictDoUpdate({
      target: notificationDeliveries.key,
      set: { claimedAt: new Date(now) },
      setWhere: and(
        isNull(notificationDeliveries.sentAt),
        lt(notificationDeliveries.claimedAt, new Date(now - STALE_CLAIM_MS)),
      ),
    })
    .run();
  return rowsChanged(result) === 1;
}

/**
 * Takes the one letter of `once.key` to the recipient in its window, for this event: one upsert,
 * so letters delivered at the same moment take it one after another. The same event again (a
 * retried delivery) keeps it; another event takes it only once the window since the last one has
 * passed. False: a letter of this key went out (or is going out) within the window.
 */
export async function claimOncePer(
  db: Database,
  once: { key: string; windowMs: number },
  event: string,
  recipientId: string,
  now: number,
) {
  const result = await db
    .insert(notificationDeliveries)
    .values({ key: `once:${once.key}:${recipientId}`, eventKey: event, recipientId, claimedAt: new Date(now) })
    .onConflictDoUpdate({
      target: notificationDeliveries.key,
      set: { eventKey: event, claimedAt: new Date(now) },
      setWhere: or(
        eq(notificationDeliveries.eventKey, event),
        lt(notificationDeliveries.claimedAt, new Date(now - once.windowMs)),
      ),
    })
    .run();
  return rowsChanged(result) === 1;
}

export async function deliverNotification(
  db: Database,
  provider: EmailProvider,
  event: DomainEvent,
  options: LetterOptions & { now?: number },
): Promise<DeliveryReport> {
  const report: DeliveryReport = { retry: false, sent: 0, duplicates: 0, skipped: 0, errors: [] };
  const key = eventKey(event);
  for (const letter of await plannedLetters(db, event, options)) {
    const { recipient } = letter;
    if (recipient.deleted || (!letter.required && !(await wantsNotification(db, recipient.id, letter.kind)))) {
      report.skipped += 1;
      continue;
    }
    const now = options.now ?? Date.now();
    if (letter.oncePer && !(await claimOncePer(db, letter.oncePer, key, recipient.id, now))) {
      report.duplicates += 1;
      continue;
    }
    const deliveryKey = `${key}:${recipient.id}`;
    if (!(await claimDelivery(db, deliveryKey, key, recipient.id, now))) {
      report.duplicates += 1;
      continue;
    }
    try {
      await provider.send(
        {
          kind: letter.kind,
          to: recipient.email,
          subject: letter.subject,
          text: letter.text,
          secrets: letter.secrets,
          headers: letter.headers,
        },
        deliveryKey,
      );
    } catch (error) {
      // Released, so the retry sends it; the letters already sent stay claimed.
      await db
        .delete(notificationDeliveries)
        .where(and(eq(notificationDeliveries.key, deliveryKey), isNull(notificationDeliveries.sentAt)));
      report.retry = true;
      report.errors.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    await db
      .update(notificationDeliveries)
      .set({ sentAt: new Date() })
      .where(eq(notificationDeliveries.key, deliveryKey));
    report.sent += 1;
  }
  return report;
}
