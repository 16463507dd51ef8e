// Which kinds of notification a user can be sent, and the ones they turned off. Without a row
// a kind is on; a row records the user's choice either way.
import { and, eq } from "drizzle-orm";
import * as z from "zod";
import { EVENT_KINDS, type EventKind } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { LetterKind, Role } from "#db/closed-lists";
import { notificationPreferences } from "#db/schema";

export const NOTIFICATION_LABELS: Record<EventKind, { label: string; description: string }> = {
  booking_made: { label: "Booking made", description: "A buyer books one of my listings." },
  booking_cancelled: { label: "Booking cancelled", description: "A booking I am part of is cancelled." },
  booking_expired: { label: "Booking expired", description: "A booking I am part of was not paid in time." },
  payment_received: { label: "Payment received", description: "A booking I am part of is paid." },
  message_received: { label: "New message", description: "Someone writes to me about a booking." },
  seller_verified: { label: "Seller verified", description: "An admin verifies my seller account." },
  listing_removed: { label: "Listing removed", description: "An admin removes one of my listings after reports." },
  payment_released: {
    label: "Payment released",
    description: "The payment of a sale I am part of goes to the seller.",
  },
  payment_refunded: { label: "Payment refunded", description: "Money of a sale I am part of goes back to the buyer." },
  claim_opened: { label: "Claim opened", description: "A buyer opens a claim about a sale." },
  claim_answered: { label: "Claim answered", description: "The seller answers my claim." },
  claim_decided: { label: "Claim decided", description: "An admin decides a claim I am part of." },
  payout_paid: { label: "Payout paid", description: "Money of my sales reaches my bank account." },
  payout_failed: { label: "Payout failed", description: "A payout to my bank account fails." },
  price_dropped: { label: "Price drops", description: "A listing on my wishlist gets cheaper." },
  offer_received: { label: "Offer received", description: "A buyer offers a price on one of my listings." },
  offer_countered: { label: "Offer countered", description: "A seller counters my offer." },
  offer_accepted: { label: "Offer accepted", description: "An offer I am part of is accepted and booked." },
  offer_declined: { label: "Offer declined", description: "An offer I am part of is declined." },
  offer_expired: { label: "Offer expired", description: "An offer I am part of was not answered in time." },
  saved_search_matches: {
    label: "Saved search matches",
    description: "New listings match my saved searches (one email a day at most).",
  },
};

function isNotificationKind(kind: LetterKind): kind is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(kind);
}

/** The kinds each role can be sent (an admin is told of new claims, which they decide). */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly EventKind[]> = {
  buyer: [
    "booking_cancelled",
    "booking_expired",
    "payment_received",
    "message_received",
    "payment_released",
    "payment_refunded",
    "claim_answered",
    "claim_decided",
    "price_dropped",
    "offer_countered",
    "offer_accepted",
    "offer_declined",
    "offer_expired",
    "saved_search_matches",
  ],
  // A seller can be told of every kind but the seller's answer to a claim and the counter to an
  // offer (their own), and a wishlisted listing's price drop (only buyers keep a wishlist).
  seller: EVENT_KINDS.filter(
    (kind) => kind !== "claim_answered" && kind !== "offer_countered" && kind !== "price_dropped",
  ),
  admin: ["claim_opened", "saved_search_matches"],
};

/** What the outbox calls each kind of letter. */
export const LETTER_LABELS: Record<LetterKind, string> = {
  ...(Object.fromEntries(Object.entries(NOTIFICATION_LABELS).map(([kind, { label }]) => [kind, label])) as Record<
    EventKind,
    string
  >),
  reset_password: "Password reset",
  verify_email: "Email verification",
  change_email: "Email change",
  email_changed: "Email changed",
  password_changed: "Password changed",
  two_factor_changed: "Two-factor sign-in",
};

export const NOTIFICATION_MESSAGES = {
  saved: "Notification settings saved",
  notForRole: "These notifications are not sent to your account.",
} as const;

export interface NotificationSetting {
  kind: EventKind;
  label: string;
  description: string;
  enabled: boolean;
}

/** The read of a user's stored choices (kinds they never changed have no row). */
export function notificationChoicesRead(db: Database, userId: string) {
  return db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** The user's settings, one per kind their role can be sent, in a fixed order. */
export async function listNotificationSettings(
  db: Database,
  user: { id: string; role: Role },
): Promise<NotificationSetting[]> {
  return toNotificationSettings(await notificationChoicesRead(db, user.id), user.role);
}

/** The settings of a role from its stored choices: every kind on until turned off. */
export function toNotificationSettings(
  rows: { kind: EventKind; enabled: boolean }[],
  role: Role,
): NotificationSetting[] {
  const chosen = new Map(rows.map((row) => [row.kind, row.enabled]));
  return NOTIFICATION_KINDS_BY_ROLE[role].map((kind) => ({
    kind,
    ...NOTIFICATION_LABELS[kind],
    enabled: chosen.get(kind) ?? true,
  }));
}

export type SaveSettingsResult =
  | { ok: true; settings: NotificationSetting[] }
  | { ok: false; status: 422; message: string };

/** Records the user's choices (only kinds their role can be sent); the rest stay as they are. */
export async function saveNotificationSettings(
  db: Database,
  user: { id: string; role: Role },
  choices: Partial<Record<EventKind, boolean>>,
): Promise<SaveSettingsResult> {
  const allowed = NOTIFICATION_KINDS_BY_ROLE[user.role];
  const kinds = Object.keys(choices) as EventKind[];
  if (kinds.some((kind) => !allowed.includes(kind))) {
    return { ok: false, status: 422, message: NOTIFICATION_MESSAGES.notForRole };
  }
  const now = new Date();
  const writes = kinds.map((kind) =>
    db
      .insert(notificationPreferences)
      .values({ userId: user.id, kind, enabled: choices[kind]!, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { enabled: choices[kind]!, updatedAt: now },
      }),
  );
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return { ok: true, settings: await listNotificationSettings(db, user) };
}

/** Whether the user wants this kind (on unless turned off; a kind no setting names is always on). */
export async function wantsNotification(db: Database, userId: string, kind: LetterKind): Promise<boolean> {
  if (!isNotificationKind(kind)) return true;
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return row?.enabled ?? true;
}

/** The REST body: kinds to turn on (true) or off (false); any other key is refused. */
export const notificationSettingsSchema = z
  .strictObject(
    Object.fromEntries(
      EVENT_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()]),
    ) as Record<EventKind, z.ZodOptional<z.ZodBoolean>>,
  )
  .refine((choices) => Object.values(choices).some((value) => value !== undefined), {
    message: "Name at least one kind of notification to turn on or off",
  });

/**
 * The settings form: one checkbox per kind of the role, sent as "on" when ticked and absent
 * when not (a plain HTML form). Null for anything a checkbox cannot send.
 */
export function choicesFromForm(
  role: Role,
  field: (name: string) => unknown,
): Partial<Record<EventKind, boolean>> | null {
  const choices: Partial<Record<EventKind, boolean>> = {};
  for (const kind of NOTIFICATION_KINDS_BY_ROLE[role]) {
    const value = field(kind);
    if (value !== null && value !== undefined && value !== "on") return null;
    choices[kind] = value === "on";
  }
  return choices;
}
