// The gear data for programs (the keys the listing calls, the search and "my camera" take), price
// guidance from recorded sales, and the caller's own camera.
import { Hono } from "hono";
import * as z from "zod";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { ADAPTERS } from "#app/domain/gear/adapters";
import { BRANDS } from "#app/domain/gear/brands";
import { readCamera } from "#app/domain/gear/camera";
import { cameraName } from "#app/domain/gear/compatibility";
import { CONDITION_CHECK_WORDS, INCLUDED_ITEM_WORDS, SHUTTER_COUNT_METHOD_WORDS } from "#app/domain/gear/listing-words";
import { MODELS, modelByKey, modelFullName } from "#app/domain/gear/models";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { saveMyCamera } from "#app/domain/gear/my-camera.server";
import { SENSOR_FORMAT_WORDS } from "#app/domain/gear/sensor-formats";
import { CONDITIONS, MOUNTS } from "#db/closed-lists";
import { type ApiEnv, appEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { guidanceRecord } from "../shapes";

export const gearApi = new Hono<ApiEnv>();

/** GET /api/gear: the lists a listing's gear fields and the search's filters take their keys from. */
gearApi.get("/gear", (c) =>
  c.json({
    brands: BRANDS,
    mounts: MOUNTS.map((key) => ({ key, ...MOUNT_FACTS[key] })),
    sensorFormats: Object.entries(SENSOR_FORMAT_WORDS).map(([key, words]) => ({ key, ...words })),
    shutterCountMethods: Object.entries(SHUTTER_COUNT_METHOD_WORDS).map(([key, words]) => ({ key, words })),
    includedItems: Object.entries(INCLUDED_ITEM_WORDS).map(([key, words]) => ({ key, ...words })),
    conditionChecks: Object.entries(CONDITION_CHECK_WORDS).map(([key, words]) => ({ key, ...words })),
    models: MODELS,
    adapters: ADAPTERS,
  }),
);

const guidanceQuery = z.object({
  model: z
    .string({ error: "model is required: a model key of GET /api/gear." })
    .refine((key) => modelByKey(key) !== null, {
      message: "There is no such model: use a key of GET /api/gear.",
    }),
  condition: z.enum(CONDITIONS, { error: `condition must be ${CONDITIONS.join(", ")}.` }).default("Good"),
});

/** GET /api/price-guidance?model=&condition=: what the model sold for on Pay&Buy (that grade or better, six months). */
gearApi.get("/price-guidance", async (c) => {
  const parsed = guidanceQuery.safeParse({
    model: c.req.query("model"),
    condition: c.req.query("condition") || undefined,
  });
  if (!parsed.success) return validationError(c, parsed.error);
  const guidance = await priceGuidance(db(c), parsed.data, appEnv(c).settings.PAYMENT_CURRENCY);
  const model = modelByKey(parsed.data.model)!;
  return c.json({
    model: { key: model.key, name: modelFullName(model) },
    guidance: guidanceRecord(guidance, appEnv(c).currency),
  });
});

const cameraShape = (key: string | null) => {
  const camera = readCamera(key);
  return { camera: camera ? { key: camera.key, name: cameraName(camera), mount: camera.mount } : null };
};

gearApi.get("/settings/camera", requireBearer, (c) => c.json(cameraShape(c.get("user").camera)));

const cameraBody = z.object({
  camera: z.union([z.string().max(100), z.null()], {
    error: "camera is a key of GET /api/gear (a body or a mount), or null.",
  }),
});

/** PUT /api/settings/camera {camera}: the caller's camera ("fits my camera"), or null to forget it. */
gearApi.put("/settings/camera", requireBearer, async (c) => {
  const parsed = cameraBody.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await saveMyCamera(db(c), c.get("user").id, parsed.data.camera ?? "");
  if (!result.ok) return apiError(c, 422, "invalid", result.message, { camera: [result.message] });
  return c.json(cameraShape(parsed.data.camera ? parsed.data.camera.trim().toLowerCase() : null));
});
