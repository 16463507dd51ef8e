// Matching new listings with saved searches (ADR 0062), one bounded pass per run of the scheduled
// job: the next MATCH_BATCH listings after the scan's cursor are indexed alone in a small full-text
// table (tokenised as the search's), every saved search's words are matched against those few in
// one statement, and the filters are checked in memory by the search's own rule. The pass reads
// a few listings whatever the size of the catalog, and each saved search once at most.
import { and, eq, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { isListed } from "#app/domain/catalog/catalog.server";
import { type FilterableListing, matchesFilters } from "#app/domain/catalog/search-match";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Currency } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import {
  categories,
  products,
  savedSearches,
  savedSearchLetters,
  savedSearchMatches,
  savedSearchScan,
  users,
} from "#db/schema";
import { savedSearchBatchFts } from "#db/search-index";
import { savedFilters } from "./saved-searches.server";

/** Listings read per pass; a larger backlog is read by the following passes, oldest first. */
export const MATCH_BATCH = 100;
/** A user is sent at most one letter of new matches in this time. */
export const LETTER_INTERVAL_MS = 24 * 3600 * 1000;
/** Letters planned per pass; more wait for the next pass. */
export const LETTERS_PER_PASS = 100;
/** Match rows written per statement (3 bound values each; D1 binds at most 100 per statement). */
const MATCH_ROWS_PER_STATEMENT = 30;

export interface AlertPassResult {
  listingsRead: number;
  matches: number;
  letters: number;
  events: DomainEvent[];
}

/** The rowid of the last listing read so far. */
const cursor = sql`(select ${savedSearchScan.lastRowid} from ${savedSearchScan} where ${savedSearchScan.id} = 1)`;
/** The rowid of the last listing this pass reads: at most MATCH_BATCH after the cursor. */
const batchEnd = sql`(select max(rid) from (select ${products}.rowid as rid from ${products} where ${products}.rowid > ${cursor} order by ${products}.rowid limit ${MATCH_BATCH}))`;
const inBatch = and(sql`${products}.rowid > ${cursor}`, sql`${products}.rowid <= ${batchEnd}`);

/** One pass: match the next listings, then plan the letters that are due at `now`. */
export async function runAlertPass(db: Database, now: number, currency: Currency): Promise<AlertPassResult> {
  const found = await matchNewListings(db, currency);
  const events = await planLetters(db, now);
  return { ...found, letters: events.length, events };
}

/** Reads the next listings after the cursor, records their matches and moves the cursor past them. */
export async function matchNewListings(
  db: Database,
  currency: Currency,
): Promise<{ listingsRead: number; matches: number }> {
  // One transaction: the batch table is filled, matched and emptied with nothing in between.
  const [, , listings, worded, wordless, scan] = await db.batch([
    db.delete(savedSearchBatchFts),
    db.insert(savedSearchBatchFts).select(
      db
        .select({
          rowid: sql<number>`${products}.rowid`.as("rowid"),
          name: products.name,
          description: products.description,
          category: categories.title,
          location: products.location,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(inBatch, isListed(["available"]))),
    ),
    db
      .select({
        rowid: sql<number>`${products}.rowid`.as("rid"),
        id: products.id,
        sellerId: products.sellerId,
        categorySlug: categories.slug,
        condition: products.condition,
        priceCents: products.resalePriceCents,
        sellerVerifiedAt: users.verifiedAt,
        gearKind: products.gearKind,
        brand: products.brand,
        mount: products.mount,
        sensorFormat: products.sensorFormat,
        shutterCount: products.shutterCount,
        focalMinMm: products.focalMinMm,
        focalMaxMm: products.focalMaxMm,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(inBatch, isListed(["available"]))),
    // Each saved search's words against the few listings of the batch: saved_searches is the
    // outer loop, so FTS5 answers one MATCH per search from a table of MATCH_BATCH rows at most.
    db
      .select({
        id: savedSearches.id,
        userId: savedSearches.userId,
        query: savedSearches.query,
        rowid: sql<number>`${savedSearchBatchFts}.rowid`.as("batch_rowid"),
      })
      .from(savedSearches)
      .crossJoin(savedSearchBatchFts)
      .where(
        and(
          eq(savedSearches.emails, true),
          sql`${savedSearches.matchQuery} is not null`,
          sql`${savedSearchBatchFts} match ${savedSearches.matchQuery}`,
        ),
      ),
    db
      .select({ id: savedSearches.id, userId: savedSearches.userId, query: savedSearches.query })
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.emails, true),
          isNull(savedSearches.matchQuery),
          sql`exists (select 1 from ${savedSearchBatchFts})`,
        ),
      ),
    db
      .select({ last: savedSearchScan.lastRowid, end: sql<number | null>`${batchEnd}` })
      .from(savedSearchScan)
      .where(eq(savedSearchScan.id, 1)),
    db.delete(savedSearchBatchFts),
  ]);
  const [position] = scan;
  if (!position || position.end === null) return { listingsRead: 0, matches: 0 };

  const byRowid = new Map(listings.map((listing) => [listing.rowid, listing]));
  const pairs: { savedSearchId: string; productId: string }[] = [];
  const filtersOf = new Map<string, ReturnType<typeof savedFilters>>();
  const check = (search: { id: string; userId: string; query: string }, listing: (typeof listings)[number]) => {
    // A seller's own listings are news to nobody.
    if (listing.sellerId === search.userId) return;
    if (!filtersOf.has(search.id)) filtersOf.set(search.id, savedFilters(search.query, currency));
    const filters = filtersOf.get(search.id);
    if (filters && matchesFilters({ ...filters, sort: undefined }, toFilterable(listing))) {
      pairs.push({ savedSearchId: search.id, productId: listing.id });
    }
  };
  for (const row of worded) {
    const listing = byRowid.get(row.rowid);
    if (listing) check(row, listing);
  }
  for (const search of wordless) for (const listing of listings) check(search, listing);

  // The matches and the cursor in one transaction; a pass that read the same listings at the
  // same time writes the same matches, which the primary key keeps once.
  const writes = [];
  for (let start = 0; start < pairs.length; start += MATCH_ROWS_PER_STATEMENT) {
    const rows = pairs.slice(start, start + MATCH_ROWS_PER_STATEMENT);
    writes.push(db.insert(savedSearchMatches).values(rows).onConflictDoNothing());
  }
  const move = db
    .update(savedSearchScan)
    .set({ lastRowid: position.end })
    .where(and(eq(savedSearchScan.id, 1), eq(savedSearchScan.lastRowid, position.last)));
  await db.batch([move, ...writes]);
  return { listingsRead: listings.length, matches: pairs.length };
}

function toFilterable(listing: {
  categorySlug: string;
  condition: FilterableListing["condition"];
  priceCents: number;
  sellerVerifiedAt: Date | null;
  gearKind: FilterableListing["gearKind"];
  brand: string | null;
  mount: FilterableListing["mount"];
  sensorFormat: FilterableListing["sensorFormat"];
  shutterCount: number | null;
  focalMinMm: number | null;
  focalMaxMm: number | null;
}): FilterableListing {
  return { ...listing, sellerVerified: listing.sellerVerifiedAt !== null };
}

/**
 * The letters due at `now`: one per user with matches no letter has taken yet and no letter in
 * the last LETTER_INTERVAL_MS. Each letter takes its user's untold matches; the check and the
 * taking are one transaction, so two passes never send two letters.
 */
export async function planLetters(db: Database, now: number): Promise<DomainEvent[]> {
  const since = new Date(now - LETTER_INTERVAL_MS);
  const recent = (userId: SQLWrapper) =>
    sql`exists (select 1 from ${savedSearchLetters} where ${savedSearchLetters.userId} = ${userId} and ${savedSearchLetters.createdAt} > ${since.getTime()})`;
  const due = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .where(and(isNull(savedSearchMatches.letterId), sql`not ${recent(savedSearches.userId)}`))
    .limit(LETTERS_PER_PASS);
  if (due.length === 0) return [];
  const letters = due.map(({ userId }) => ({ userId, letterId: crypto.randomUUID() }));
  const statements = letters.flatMap(({ userId, letterId }) => [
    db.insert(savedSearchLetters).select(
      db
        .select(intoColumns(savedSearchLetters, { id: sql`${letterId}`, userId: users.id, createdAt: sql`${now}` }))
        .from(users)
        .where(and(eq(users.id, userId), sql`not ${recent(users.id)}`)),
    ),
    db
      .update(savedSearchMatches)
      .set({ letterId })
      .where(
        and(
          isNull(savedSearchMatches.letterId),
          inArray(
            savedSearchMatches.savedSearchId,
            db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.userId, userId)),
          ),
          sql`exists (select 1 from ${savedSearchLetters} where ${savedSearchLetters.id} = ${letterId})`,
        ),
      ),
  ]);
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return letters
    .filter((_, index) => ((results[index * 2] as unknown as D1Result).meta?.changes ?? 0) === 1)
    .map(({ letterId }) => ({ kind: "saved_search_matches" as const, letterId }));
}
