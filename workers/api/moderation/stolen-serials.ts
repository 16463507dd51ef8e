// The stolen-gear register for programs: any signed-in caller registers a serial and sees and
// withdraws its own registrations; an admin reviews the held listings and decides, and may delete
// a registration. The answers never say whether a serial matched a listing.
import { Hono } from "hono";
import * as z from "zod";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { stolenSerialSchema } from "#app/domain/moderation/stolen-schema";
import {
  clearSerialHold,
  deleteStolenSerial,
  listMyStolenSerials,
  listSerialHolds,
  registerStolenSerial,
  removeHeldListing,
  withdrawStolenSerial,
} from "#app/domain/moderation/stolen-serials.server";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiEnv, db, publishEvents, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { listHeaders, requestedPage } from "../shapes";

export const stolenSerialsApi = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;

/** POST /api/stolen-serials: the same 201 whether or not the serial matched a listing. */
stolenSerialsApi.post("/stolen-serials", requireBearer, async (c) => {
  const parsed = stolenSerialSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await registerStolenSerial(db(c), c.get("user"), parsed.data);
  if (!result.ok) return apiError(c, 429, "too_many_requests", result.message);
  return c.json({ acknowledged: true, message: result.message }, 201);
});

stolenSerialsApi.get("/stolen-serials", requireBearer, async (c) => {
  const page = await listMyStolenSerials(db(c), c.get("user").id, requestedPage(c));
  listHeaders(c, page);
  return c.json(
    page.rows.map((row) => ({
      _id: row.id,
      brand: row.brand,
      brandName: row.brandOther,
      serialNumber: row.serial,
      stolenOn: row.stolenOn,
      policeReference: row.policeReference,
      note: row.note,
      registeredAt: row.createdAt.toISOString(),
      withdrawn: row.withdrawnAt !== null,
    })),
  );
});

/** DELETE /api/stolen-serials/:id: the reporter withdraws its own; an admin deletes any. */
stolenSerialsApi.delete("/stolen-serials/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such registration.");
  const user = c.get("user");
  const result =
    user.role === "admin"
      ? await deleteStolenSerial(db(c), user, id.data)
      : await withdrawStolenSerial(db(c), user, id.data);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  return c.json({ acknowledged: true, message: result.message });
});

/** GET /api/serial-holds: every open match, both sides. */
stolenSerialsApi.get("/serial-holds", ...adminOnly, async (c) => {
  const page = await listSerialHolds(db(c), requestedPage(c));
  listHeaders(c, page);
  return c.json(
    page.rows.map((hold) => ({
      productId: hold.productId,
      productName: hold.productName,
      productImg: photoUrl(hold.photoKey),
      status: hold.status,
      deleted: hold.deletedAt !== null,
      listingSerial: hold.listingSerial,
      sellerName: hold.sellerName,
      sellerEmail: hold.sellerEmail,
      matchedAt: hold.matchedAt.toISOString(),
      registration: {
        _id: hold.registrationId,
        brand: hold.registeredBrand,
        brandName: hold.registeredBrandOther,
        serialNumber: hold.registeredSerial,
        stolenOn: hold.stolenOn,
        policeReference: hold.policeReference,
        note: hold.note,
        registeredAt: hold.registeredAt.toISOString(),
        withdrawn: hold.withdrawnAt !== null,
        reporterName: hold.reporterName,
        reporterEmail: hold.reporterEmail,
      },
    })),
  );
});

const decisionSchema = z.object({
  action: z.enum(["clear", "remove"], { error: 'action must be "clear" or "remove".' }),
});

/** PUT /api/serial-holds/:productId {action}: clear the hold, or remove the listing. */
stolenSerialsApi.put("/serial-holds/:productId", ...adminOnly, async (c) => {
  const parsed = decisionSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const productId = idSchema.safeParse(c.req.param("productId"));
  if (!productId.success) return apiError(c, 404, "not_found", "There is no such listing held for review.");
  const decide = parsed.data.action === "clear" ? clearSerialHold : removeHeldListing;
  const result = await decide(db(c), c.get("user"), productId.data);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  await publishEvents(c, result.events);
  return c.json({ acknowledged: true, action: parsed.data.action, message: result.message });
});
