// The words of the conversations, and the sending limit they quote.

/** At most this many messages per sender in the window, counted from the messages table. */
export const MESSAGE_RATE_LIMIT = { count: 20, windowMs: 10 * 60 * 1000 } as const;

/** What a deleted account is called wherever its messages show. */
export const DELETED_USER = "Deleted user";

export const MESSAGE_TEXTS = {
  sent: "Message sent.",
  notFound: "There is no such conversation.",
  ended: "This booking has ended: its conversation is read-only.",
  removed: "This listing was removed: its conversation is read-only.",
  partyGone: "The other party has left Pay&Buy: this conversation is read-only.",
  adminReadOnly: "Administrators can read this conversation but not write in it.",
  rateLimited: `You have sent ${MESSAGE_RATE_LIMIT.count} messages in the last 10 minutes. Please wait a few minutes before sending more.`,
  badKey: "This form could not be verified. Please send it again from this page.",
  keyReused: "This idempotency key was already used for another message.",
} as const;

/** Why a conversation is read-only for the one reading it. */
export type ReadOnlyReason = "ended" | "removed" | "partyGone" | "admin";

export const READ_ONLY_TEXTS: Record<ReadOnlyReason, string> = {
  ended: MESSAGE_TEXTS.ended,
  removed: MESSAGE_TEXTS.removed,
  partyGone: MESSAGE_TEXTS.partyGone,
  admin: MESSAGE_TEXTS.adminReadOnly,
};
