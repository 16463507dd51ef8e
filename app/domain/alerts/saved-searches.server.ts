// Saved searches (ADR 0062): a signed-in user keeps up to SAVED_SEARCH_LIMIT searches, each as the
// search schema reads it back (never the URL as typed), to be emailed the listings that appear
// and match it. Every read and write names its owner in the query.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  type ReadSearch,
  readSearchParams,
  type SearchFilters,
  searchQueryParams,
} from "#app/domain/catalog/search-params";
import { toMatchQuery } from "#app/domain/catalog/search-terms";
import { readCamera } from "#app/domain/gear/camera";
import type { Currency } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { categories, savedSearches, savedSearchMatches, users } from "#db/schema";
import { SAVED_SEARCH_LIMIT, type SavedSearchChange, type SaveSearchInput } from "./saved-search-schema";

export const SAVED_SEARCH_MESSAGES = {
  saved: "Search saved: we will email you new matches.",
  already: "You saved this search already.",
  limit: `You can keep ${SAVED_SEARCH_LIMIT} saved searches: delete one in Settings to save another.`,
  unknownCategory: "There is no such category. Choose one from the list.",
  notFound: "There is no such saved search.",
  renamed: "Saved search renamed.",
  emailsOn: "Emails of this saved search are on.",
  emailsOff: "Emails of this saved search are off.",
  updated: "Saved search updated.",
  deleted: "Saved search deleted.",
  fitsNeedsCamera: "Choose your camera (Settings → My camera) to save a search for the gear that fits it.",
} as const;

export interface SavedSearchView {
  id: string;
  name: string;
  /** The search's query string, as /search reads it. */
  query: string;
  emails: boolean;
  createdAt: Date;
}

export type SavedSearchResult =
  | { ok: true; message: string; savedSearch: SavedSearchView }
  | { ok: false; status: 404 | 409 | 422; message: string };

const viewFields = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  emails: savedSearches.emails,
  createdAt: savedSearches.createdAt,
};

/** The filters a saved search keeps: no page, no order (a letter lists the new ones). */
export type SavedFilters = Omit<SearchFilters, "sort">;

/**
 * A search as it is saved: read through the search schema, without its page and order, and with
 * the account's camera when "only gear that fits" leaves it to the account.
 */
export function normaliseSearch(search: string, account: { camera: string | null }, currency: Currency) {
  const read: ReadSearch = readSearchParams(new URLSearchParams(search.replace(/^\?/, "")), currency);
  if (!read.ok) return { ok: false as const, message: read.message };
  const { page: _page, sort: _sort, fitMounts: _fits, ...filters } = read.query;
  // Spaces between words say nothing: "nikon  lens" is the search "nikon lens".
  if (filters.q) filters.q = filters.q.replace(/\s+/gu, " ");
  if (filters.fits && !filters.camera) {
    const camera = readCamera(account.camera);
    if (!camera) return { ok: false as const, message: SAVED_SEARCH_MESSAGES.fitsNeedsCamera };
    filters.camera = camera.key;
  }
  const query = searchQueryParams({ ...filters, sort: undefined }, currency).toString();
  return { ok: true as const, filters, query, matchQuery: filters.q ? toMatchQuery(filters.q) : null };
}

/** What a saved search is called when its owner gave no name. */
export function defaultSearchName(filters: SavedFilters): string {
  const name = filters.q ? filters.q : filters.category ? `New in ${filters.category}` : "New listings";
  return Array.from(name).slice(0, 80).join("");
}

/** The saved search's filters, read back from what was stored. */
export function savedFilters(query: string, currency: Currency): SavedFilters | null {
  const read = readSearchParams(new URLSearchParams(query), currency);
  if (!read.ok) return null;
  const { page: _page, sort: _sort, fitMounts: _fits, ...filters } = read.query;
  return filters;
}

export async function saveSearch(
  db: Database,
  user: { id: string; camera: string | null },
  input: SaveSearchInput,
  currency: Currency,
): Promise<SavedSearchResult> {
  const normal = normaliseSearch(input.search, user, currency);
  if (!normal.ok) return { ok: false, status: 422, message: normal.message };
  if (normal.filters.category) {
    const [known] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, normal.filters.category))
      .limit(1);
    if (!known) return { ok: false, status: 422, message: SAVED_SEARCH_MESSAGES.unknownCategory };
  }
  const id = crypto.randomUUID();
  const name = input.name ?? defaultSearchName(normal.filters);
  const mine = db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
  // One statement: the limit is counted where the row is written, and saving the same search
  // twice (a double submit) meets the unique index and writes nothing.
  const inserted = await db
    .insert(savedSearches)
    .select(
      db
        .select(
          intoColumns(savedSearches, {
            id: sql`${id}`,
            userId: users.id,
            name: sql`${name}`,
            query: sql`${normal.query}`,
            matchQuery: sql`${normal.matchQuery}`,
            emails: sql`1`,
            createdAt: sql`${Date.now()}`,
          }),
        )
        .from(users)
        .where(and(eq(users.id, user.id), sql`(${mine}) < ${SAVED_SEARCH_LIMIT}`)),
    )
    .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.query] });
  if (inserted.meta.changes === 1) {
    const [row] = await db.select(viewFields).from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
    return { ok: true, message: SAVED_SEARCH_MESSAGES.saved, savedSearch: row! };
  }
  const [existing] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, user.id), eq(savedSearches.query, normal.query)))
    .limit(1);
  return existing
    ? { ok: false, status: 409, message: SAVED_SEARCH_MESSAGES.already }
    : { ok: false, status: 409, message: SAVED_SEARCH_MESSAGES.limit };
}

/** A user's saved searches, oldest first. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchView[]> {
  return db
    .select(viewFields)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/** Renames a saved search or turns its emails on or off; only its owner's. */
export async function updateSavedSearch(
  db: Database,
  user: { id: string },
  id: string,
  change: SavedSearchChange,
): Promise<SavedSearchResult> {
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.emails !== undefined ? { emails: change.emails } : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning(viewFields);
  if (!row) return { ok: false, status: 404, message: SAVED_SEARCH_MESSAGES.notFound };
  const message =
    change.name === undefined && change.emails !== undefined
      ? change.emails
        ? SAVED_SEARCH_MESSAGES.emailsOn
        : SAVED_SEARCH_MESSAGES.emailsOff
      : change.emails === undefined
        ? SAVED_SEARCH_MESSAGES.renamed
        : SAVED_SEARCH_MESSAGES.updated;
  return { ok: true, message, savedSearch: row };
}

/** Deletes a saved search of its owner, with the matches it was still to be told of. */
export async function deleteSavedSearch(
  db: Database,
  user: { id: string },
  id: string,
): Promise<{ ok: true; message: string } | { ok: false; status: 404; message: string }> {
  const own = db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
  const [, deleted] = await db.batch([
    db.delete(savedSearchMatches).where(inArray(savedSearchMatches.savedSearchId, own)),
    db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
      .returning({ id: savedSearches.id }),
  ]);
  if (deleted.length === 0) return { ok: false, status: 404, message: SAVED_SEARCH_MESSAGES.notFound };
  return { ok: true, message: SAVED_SEARCH_MESSAGES.deleted };
}
