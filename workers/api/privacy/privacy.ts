// What a person may do with what Pay&Buy keeps about them, for programs: download it all, or
// leave (the REST twins of the Settings page's "Download my data" and "Delete my account").
// Whose account is always the bearer token's; nothing in a request names another.
import { Hono } from "hono";
import { deleteAccountSchema } from "#app/domain/accounts/account-schema";
import { exportAccountData, exportFileName } from "#app/domain/privacy/account-data.server";
import { deleteOwnAccount } from "#app/domain/privacy/account-deletion.server";
import { clientAddress } from "#app/server/auth.server";
import { type ApiEnv, appEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const privacy = new Hono<ApiEnv>();

/** GET /api/account/export: everything kept about the caller, as one JSON document. */
privacy.get("/account/export", requireBearer, async (c) => {
  const data = await exportAccountData(db(c), c.get("user").id);
  if (!data) return apiError(c, 404, "not_found", "There is no such account.");
  c.header("Content-Disposition", `attachment; filename="${exportFileName()}"`);
  return c.json(data);
});

/** DELETE /api/account {currentPassword | code | confirmEmail}: the caller leaves. */
privacy.delete("/account", requireBearer, async (c) => {
  const parsed = deleteAccountSchema.safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await deleteOwnAccount(db(c), c.get("user"), parsed.data, {
    secrets: appEnv(c).settings.SESSION_SECRET,
    clientAddress: clientAddress(c.req.raw),
  });
  if (!result.ok) {
    if ("retryAfterSeconds" in result && result.retryAfterSeconds) {
      c.header("Retry-After", String(result.retryAfterSeconds));
    }
    const fields = result.field ? { [result.field]: [result.message] } : undefined;
    const status = result.status === 400 ? 403 : result.status;
    const code = result.status === 409 ? "unsettled_deals" : result.status === 429 ? "rate_limited" : "forbidden";
    return apiError(c, status, code, result.message, fields);
  }
  return c.json({ acknowledged: true, deletedCount: 1, message: result.message });
});
