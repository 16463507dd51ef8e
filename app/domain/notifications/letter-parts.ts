// The pieces every letter is made of: its shape, and how amounts, times and links are written.
import type { EventKind } from "./events";

export interface Recipient {
  id: string;
  email: string;
  name: string;
  deleted: boolean;
}

export interface PlannedLetter {
  recipient: Recipient;
  kind: EventKind;
  subject: string;
  text: string;
}

export interface LetterOptions {
  /** The public origin for links; without it letters name the page instead. */
  appUrl?: string;
  currency: string;
  appName: string;
}

/** Builds a letter of the event's kind to a recipient (the greeting and signature added). */
export type LetterOf = (recipient: Recipient, subject: string, text: string) => PlannedLetter;

export function price(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

export function utc(date: Date | null): string {
  if (!date) return "";
  return `${date.toISOString().slice(0, 16).replace("T", ", ")} UTC`;
}

export function link(options: LetterOptions, path: string, page: string): string {
  return options.appUrl ? `${page}: ${options.appUrl.replace(/\/$/, "")}${path}` : `${page} on ${options.appName}.`;
}
