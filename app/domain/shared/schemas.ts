// Validation rules every concept's schemas share: ids from forms and URLs, phone numbers, one
// line of text. Browser-safe.
import * as z from "zod";

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A single-line field (a name, a place, a contact) holds one line of text: no line break and no
 * other control character, which would reach a notification's subject or a CSV as a new line.
 */
export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/**
 * Text from elsewhere (a Google profile's name, a row stored before the rule) made one line: each
 * run of control characters becomes a space.
 */
export function toOneLine(value: string): string {
  return value.replace(new RegExp(`${NOT_ONE_LINE.source}+`, "g"), " ");
}

/** Control characters other than tab and line feed (C0, DEL, C1) and the Unicode separators. */
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Text of several lines (a message, a review, a claim and its answer): line breaks and tabs, no
 * other control character. A NUL would also cut SQLite's length() short, failing a CHECK.
 */
export function isPlainText(value: string): boolean {
  return !NOT_PLAIN_TEXT.test(value);
}

/** A line break as any browser or client sends it (CRLF from a textarea, a lone CR) becomes "\n". */
export function toLineFeeds(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * The one rule of every field of several lines (a claim, an answer, a note, a description, a
 * review, a message, a report): its line breaks are read as "\n" before `schema` checks it (so
 * a textarea's CRLF counts as one line break, for the form and the REST API alike), and what
 * `schema` gives back holds no control character other than tab and line feed.
 */
export function multiLine<T extends z.ZodType<string | undefined>>(schema: T, label: string) {
  return z
    .preprocess((value: z.input<T>) => (typeof value === "string" ? toLineFeeds(value) : value), schema)
    .refine((value) => value === undefined || isPlainText(value as string), notOneLineMessage(label));
}

/** What a single-line field with a control character is told. */
export const notOneLineMessage = (label: string) => `${label} contains characters we cannot show.`;

/** Ids arrive from forms and URLs; the database decides whether they exist and whose they are. */
export const idSchema = z.string({ error: "Missing id." }).trim().min(1, "Missing id.").max(100, "Invalid id.");

export const PHONE_MAX = 30;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*[0-9]$/;
export const PHONE_MESSAGE = "Enter a phone number, e.g. +1 415 555 0100";

/**
 * A phone number as people type it, for the booking dialog and Add Product alike: an optional
 * +, then digits with spaces, dots, dashes or brackets between them; 7 to 15 digits (E.164 has
 * at most 15) and at most PHONE_MAX characters.
 */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return value.length <= PHONE_MAX && PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
}

/** An id a JSON call or form names by its field: a missing one says which field is needed. */
export const requiredId = (field: string, what: string) =>
  z
    .string({ error: `${field} is required: ${what}.` })
    .trim()
    .min(1, `${field} is required: ${what}.`)
    .max(100, `Invalid ${field}.`);

/** A form or call that names one listing. */
export const productIdSchema = z.object({ productId: idSchema });
