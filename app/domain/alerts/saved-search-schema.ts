// What a saved search's form and REST body accept: one schema for both adapters. Browser-safe.
import * as z from "zod";
import { idSchema, isOneLine, notOneLineMessage } from "#app/domain/shared/schemas";

/** Saved searches one user may keep. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** The longest search (its URL's query string) accepted for saving. */
export const SAVED_SEARCH_TEXT_MAX = 2000;

export const savedSearchNameSchema = z
  .string({ error: "Give the search a name." })
  .trim()
  .min(1, "Give the search a name.")
  .max(SAVED_SEARCH_NAME_MAX, `A name has at most ${SAVED_SEARCH_NAME_MAX} characters.`)
  .refine(isOneLine, notOneLineMessage("The name"));

/**
 * Saving: the search as its URL's query string (`q=canon&max=500`), read back by the search's
 * own schema, and an optional name (the search's words when left out).
 */
export const saveSearchSchema = z.object({
  search: z
    .string({ error: "Name the search to save." })
    .max(SAVED_SEARCH_TEXT_MAX, "This search is too long to save.")
    .default(""),
  name: savedSearchNameSchema.optional(),
});
export type SaveSearchInput = z.output<typeof saveSearchSchema>;

/** A change: a new name, emails on or off, or both. */
export const updateSavedSearchSchema = z
  .strictObject({
    name: savedSearchNameSchema.optional(),
    emails: z.boolean({ error: "emails must be true or false" }).optional(),
  })
  .refine((change) => change.name !== undefined || change.emails !== undefined, {
    message: "Give a new name or emails true or false.",
  });
export type SavedSearchChange = z.output<typeof updateSavedSearchSchema>;

/** The settings page's forms. */
export const renameSavedSearchFormSchema = z.object({ id: idSchema, name: savedSearchNameSchema });
export const savedSearchEmailsFormSchema = z.object({
  id: idSchema,
  emails: z.enum(["on", "off"], { error: "Choose on or off." }),
});
export const savedSearchIdFormSchema = z.object({ id: idSchema });
