// Which kinds of notification a user can be sent, and the ones they turned off. Without a row
// a kind is on; a row records the user's choice either way. Each kind's words and roles are its
// entry's in kinds.server.ts.
import { and, eq } from "drizzle-orm";
import * as z from "zod";
import { EVENT_KINDS, type EventKind } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { LetterKind, Role } from "#db/closed-lists";
import { notificationPreferences, users } from "#db/schema";
import { NOTIFICATIONS } from "./kinds.server";

/** The words of each kind in the settings: its entry's in kinds.server.ts. */
export const NOTIFICATION_LABELS = Object.fromEntries(
  EVENT_KINDS.map((kind) => [kind, { label: NOTIFICATIONS[kind].label, description: NOTIFICATIONS[kind].description }]),
) as Record<EventKind, { label: string; description: string }>;

function isNotificationKind(kind: LetterKind): kind is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(kind);
}

/** The kinds each role can be sent, in the kinds' order: the roles of each kind's entry. */
const kindsOf = (role: Role) => EVENT_KINDS.filter((kind) => NOTIFICATIONS[kind].roles.includes(role));
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly EventKind[]> = {
  buyer: kindsOf("buyer"),
  seller: kindsOf("seller"),
  admin: kindsOf("admin"),
};

/** What the outbox calls each kind of letter. */
export const LETTER_LABELS: Record<LetterKind, string> = {
  ...(Object.fromEntries(EVENT_KINDS.map((kind) => [kind, NOTIFICATIONS[kind].label])) as Record<EventKind, string>),
  reset_password: "Password reset",
  verify_email: "Email verification",
  change_email: "Email change",
  email_changed: "Email changed",
  password_changed: "Password changed",
  two_factor_changed: "Two-factor sign-in",
  recovery_codes_replaced: "New recovery codes",
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

/**
 * The user's settings, one per kind their account's role can be sent, in a fixed order: every
 * kind on until turned off. The role is read with the stored choices, in one query.
 */
export async function listNotificationSettings(db: Database, userId: string): Promise<NotificationSetting[]> {
  const rows = await db
    .select({ role: users.role, kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  const role = rows[0]?.role;
  if (!role) return [];
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
  return { ok: true, settings: await listNotificationSettings(db, user.id) };
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
