// The account's saved addresses (ADR 0103), the REST twin of Settings → Addresses: one domain
// function each, the page's schemas. Whose addresses is always the bearer token's; another
// account's address is a 404, as one that does not exist.
import { Hono } from "hono";
import {
  addressKindField,
  makeDefaultField,
  savedAddressSchema,
} from "#app/domain/deals/bookings/saved-address-schema";
import {
  addSavedAddress,
  deleteSavedAddress,
  editSavedAddress,
  listSavedAddresses,
  type SavedAddressView,
  setDefaultSavedAddress,
} from "#app/domain/deals/bookings/saved-addresses.server";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiContext, type ApiEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const addressesApi = new Hono<ApiEnv>();

const shape = (address: SavedAddressView) => ({
  ...address,
  createdAt: address.createdAt.toISOString(),
  updatedAt: address.updatedAt?.toISOString() ?? null,
});

const CODES = { 403: "forbidden", 404: "not_found", 409: "limit_reached" } as const;

function refused(c: ApiContext, result: { status: 403 | 404 | 409; message: string }) {
  return apiError(c, result.status, CODES[result.status], result.message);
}

const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** GET /api/account/addresses: the caller's addresses, delivery first, each kind's default first. */
addressesApi.get("/account/addresses", requireBearer, async (c) => {
  const rows = await listSavedAddresses(db(c), c.get("user").id);
  return c.json({ addresses: rows.map(shape) });
});

/** POST /api/account/addresses {kind?, makeDefault?, recipient, line1, line2?, city, region, postalCode, country}. */
addressesApi.post("/account/addresses", requireBearer, async (c) => {
  const body = await readJson(c);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return apiError(c, 422, "invalid", "Send the address as a JSON object.");
  const fields = asObject(body);
  const kind = addressKindField.safeParse(fields.kind);
  if (!kind.success) return validationError(c, kind.error);
  const makeDefault = makeDefaultField.safeParse(fields.makeDefault);
  if (!makeDefault.success) return validationError(c, makeDefault.error);
  const parsed = savedAddressSchema.safeParse(fields);
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await addSavedAddress(db(c), c.get("user"), {
    kind: kind.data,
    makeDefault: makeDefault.data,
    address: parsed.data,
  });
  if (!result.ok) return refused(c, result);
  return c.json({ address: shape(result.address), message: result.message }, 201);
});

/** PATCH /api/account/addresses/:id {the address's fields, all of them; makeDefault?: true}. */
addressesApi.patch("/account/addresses/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such address.");
  const body = await readJson(c);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return apiError(c, 422, "invalid", "Send the address as a JSON object.");
  const fields = asObject(body);
  const makeDefault = makeDefaultField.safeParse(fields.makeDefault);
  if (!makeDefault.success) return validationError(c, makeDefault.error);
  // Only the default flag: no address fields sent.
  const addressSent = ["recipient", "line1", "line2", "city", "region", "postalCode", "country"].some(
    (name) => name in fields,
  );
  const userId = c.get("user").id;
  let result: Awaited<ReturnType<typeof editSavedAddress>> | null = null;
  if (addressSent) {
    const parsed = savedAddressSchema.safeParse(fields);
    if (!parsed.success) return validationError(c, parsed.error);
    result = await editSavedAddress(db(c), userId, id.data, parsed.data);
    if (!result.ok) return refused(c, result);
  }
  if (makeDefault.data) result = await setDefaultSavedAddress(db(c), userId, id.data);
  if (!result) return apiError(c, 422, "invalid", "Send the address's fields, or makeDefault: true.");
  if (!result.ok) return refused(c, result);
  return c.json({ address: shape(result.address), message: result.message });
});

/** DELETE /api/account/addresses/:id: the default's place goes to the oldest other of its kind. */
addressesApi.delete("/account/addresses/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such address.");
  const result = await deleteSavedAddress(db(c), c.get("user").id, id.data);
  if (!result.ok) return refused(c, result);
  return c.json({ acknowledged: true, message: result.message });
});
