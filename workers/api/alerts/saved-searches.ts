// A signed-in user's saved searches (ADR 0062): list, save, rename or turn emails on/off, delete.
// The rules are the domain's (app/domain/alerts/saved-searches.server.ts); the body schemas are
// the forms' (app/domain/alerts/saved-search-schema.ts).
import { Hono } from "hono";
import { saveSearchSchema, updateSavedSearchSchema } from "#app/domain/alerts/saved-search-schema";
import {
  deleteSavedSearch,
  listSavedSearches,
  type SavedSearchView,
  saveSearch,
  updateSavedSearch,
} from "#app/domain/alerts/saved-searches.server";
import { type ApiEnv, appEnv, db, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";

export const savedSearchesApi = new Hono<ApiEnv>();

const shape = (search: SavedSearchView) => ({
  id: search.id,
  name: search.name,
  search: search.query,
  emails: search.emails,
  created_at: search.createdAt.toISOString(),
});

const errorCode = { 404: "not_found", 409: "conflict", 422: "invalid" } as const;

savedSearchesApi.get("/saved-searches", requireBearer, async (c) => {
  const rows = await listSavedSearches(db(c), c.get("user").id);
  return c.json({ saved_searches: rows.map(shape) });
});

savedSearchesApi.post("/saved-searches", requireBearer, async (c) => {
  const parsed = saveSearchSchema.safeParse((await readJson(c)) ?? null);
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await saveSearch(db(c), c.get("user"), parsed.data, appEnv(c).currency);
  if (!result.ok) return apiError(c, result.status, errorCode[result.status], result.message);
  return c.json(shape(result.savedSearch), 201);
});

savedSearchesApi.patch("/saved-searches/:id", requireBearer, async (c) => {
  const parsed = updateSavedSearchSchema.safeParse((await readJson(c)) ?? null);
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await updateSavedSearch(db(c), c.get("user"), c.req.param("id").slice(0, 100), parsed.data);
  if (!result.ok) return apiError(c, result.status, errorCode[result.status], result.message);
  return c.json(shape(result.savedSearch));
});

savedSearchesApi.delete("/saved-searches/:id", requireBearer, async (c) => {
  const result = await deleteSavedSearch(db(c), c.get("user"), c.req.param("id").slice(0, 100));
  if (!result.ok) return apiError(c, result.status, errorCode[result.status], result.message);
  return c.body(null, 204);
});
