// The letters one event makes: who is told (recipients per kind) and what they read, built
// from the data as it is now. A recipient whose account is deleted is told nothing. Each kind's
// letters are its entry's in kinds.server.ts; an account's events have their own letters.
import { type DomainEvent, isAccountEvent } from "#app/domain/shared/events";
import { toOneLine } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import { accountLetters } from "./account-letters.server";
import { notificationLetters } from "./kinds.server";
import { greeting, type LetterOptions, type PlannedLetter, type Recipient } from "./letter-kit.server";

export type { LetterOptions, PlannedLetter, Recipient };

/** Every letter the event makes, before preferences are applied; [] when its subject is gone. */
export async function plannedLetters(
  db: Database,
  event: DomainEvent,
  options: LetterOptions & { now?: number },
): Promise<PlannedLetter[]> {
  if (isAccountEvent(event)) return accountLetters(db, event, options);
  const letter = (recipient: Recipient, subject: string, text: string): PlannedLetter => ({
    recipient,
    kind: event.kind,
    // One line whatever the names in it hold: a line break in a subject would start a new header.
    subject: toOneLine(subject),
    text: greeting(recipient, text, options),
  });
  return notificationLetters(db, event.kind, event, options, letter);
}
