// The message form's rules, shared by the thread page (browser and server) and
// POST /api/bookings/:id/messages: plain text, trimmed, 1 to 2,000 characters.
import * as z from "zod";
import { groupThousands } from "#app/domain/shared/numbers";
import { isPlainText, toLineFeeds } from "#app/domain/shared/schemas";

/** The longest message; the database's check on messages.body says the same. */
export const MESSAGE_BODY_MAX = 2000;

export const MESSAGE_BODY_MESSAGES = {
  empty: "Write a message.",
  tooLong: `A message can be at most ${groupThousands(MESSAGE_BODY_MAX)} characters.`,
  notText: "The message must be text.",
} as const;

/** Characters as people count them (code points): an emoji is one, as in SQLite's length(). */
const characters = (text: string) => Array.from(text).length;

export const messageBodySchema = z
  // The form library reads an empty field as missing (and JSON may leave it out): missing is empty.
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGE_BODY_MESSAGES.empty : MESSAGE_BODY_MESSAGES.notText,
  })
  // Line endings as one character each, whatever the browser sent (a textarea posts CRLF).
  .transform((text) => toLineFeeds(text).trim())
  .pipe(
    z
      .string()
      .min(1, MESSAGE_BODY_MESSAGES.empty)
      .refine((text) => characters(text) <= MESSAGE_BODY_MAX, MESSAGE_BODY_MESSAGES.tooLong)
      // Text only: no NUL or other control characters than tab and line feed.
      .refine(isPlainText, MESSAGE_BODY_MESSAGES.notText),
  );

/** The thread's form: the text and the one-time key the page was served with. */
export const messageSchema = z.object({
  body: messageBodySchema,
  key: z.string({ error: "This form could not be verified. Please send it again from this page." }),
});

/** POST /api/bookings/:id/messages: the text; the key comes in the Idempotency-Key header. */
export const messageApiSchema = z.object({ body: messageBodySchema });

export type MessageInput = z.output<typeof messageSchema>;
