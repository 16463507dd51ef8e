// A signed-in user's notification settings: which kinds they are sent (every kind is on until
// turned off). The rules are the domain's (app/domain/notifications/preferences.server.ts).
import { Hono } from "hono";
import {
  listNotificationSettings,
  notificationSettingsSchema,
  saveNotificationSettings,
} from "#app/domain/notifications/preferences.server";
import { type ApiEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const settings = new Hono<ApiEnv>();

const shape = (rows: Awaited<ReturnType<typeof listNotificationSettings>>) => ({
  notifications: rows.map(({ kind, label, enabled }) => ({ kind, label, enabled })),
});

settings.get("/settings/notifications", requireBearer, async (c) => {
  return c.json(shape(await listNotificationSettings(db(c), c.get("user").id)));
});

settings.put("/settings/notifications", requireBearer, async (c) => {
  const parsed = notificationSettingsSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const choices = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const result = await saveNotificationSettings(db(c), c.get("user"), choices);
  if (!result.ok) return apiError(c, result.status, "invalid", result.message);
  return c.json(shape(result.settings));
});
