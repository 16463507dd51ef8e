// Finding listings: the one query behind /search, the category pages and GET /api/search and
// GET /api/products. Words are matched in the full-text index (ADR 0026), the filters and the
// listing rule (isListed) in SQL, and a page, its capped total and the category in one D1 round trip.
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import {
  COUNT_CAP,
  countLimit,
  LIST_PAGE_SIZE,
  type Page,
  pageOffset,
  toCappedPage,
} from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { CONDITIONS } from "#db/closed-lists";
import { categories, products, users } from "#db/schema";
import { productsFts } from "#db/search-index";
import { cardFields, isListed, type ListingCard } from "./catalog.server";
import { shipsToOf } from "./delivery";
import { effectiveSort, type SearchQuery, type SearchSort } from "./search-params";
import { toMatchQuery } from "./search-terms";

/**
 * bm25 with column weights (name, description, category, location): a word in the name counts
 * ten times a word in the description. SQLite's bm25 is negative, best first when ascending.
 */
const relevance = sql`bm25(${productsFts}, 10.0, 1.0, 4.0, 2.0)`;

/**
 * Best match ranks the RANK_WINDOW most recently added listings that match (ADR 0039): bm25
 * scores that many rows whatever the size of the catalog, where it used to score every match.
 * The window is COUNT_CAP, so the pages of a best-match search end where its count stops.
 */
export const RANK_WINDOW = COUNT_CAP;

/** Ties are broken by id, so a page never repeats or skips a listing. */
function orderBy(sort: Exclude<SearchSort, "relevance">): SQL[] {
  switch (sort) {
    case "price-asc":
      return [asc(products.resalePriceCents), asc(products.id)];
    case "price-desc":
      return [desc(products.resalePriceCents), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

const categoryIdOf = (slug: string) =>
  sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;

/**
 * How the words narrow a query (ADR 0035): "join" matches on the joined full-text index (for
 * bm25); "walk" tests each listing against the set of matching rowids while SQLite walks the
 * sort's index and stops after a page (the unary + keeps it from looking the rowids up
 * instead, which would read every match before sorting them); "count" looks the matches up
 * by rowid and stops at the count's limit.
 */
type Matching = "join" | "walk" | "count";

function matching(match: string, how: Matching): SQL {
  if (how === "join") return sql`${productsFts} match ${match}`;
  const inIndex = sql`(select rowid from ${productsFts} where ${productsFts} match ${match})`;
  return how === "walk" ? sql`+${products}.rowid in ${inIndex}` : sql`${products}.rowid in ${inIndex}`;
}

/** What a buyer may see (available listings of live sellers), narrowed by the filters. */
function filtersOf(query: SearchQuery, match: string | null, how: Matching): SQL | undefined {
  return and(
    match ? matching(match, how) : undefined,
    isListed(["available"]),
    query.category ? eq(products.categoryId, categoryIdOf(query.category)) : undefined,
    query.condition.length > 0 && query.condition.length < CONDITIONS.length
      ? inArray(products.condition, query.condition)
      : undefined,
    query.min !== undefined ? gte(products.resalePriceCents, query.min) : undefined,
    query.max !== undefined ? lte(products.resalePriceCents, query.max) : undefined,
    query.verified ? isNotNull(users.verifiedAt) : undefined,
    deliveryFilterOf(query),
    ...gearFiltersOf(query),
  );
}

/**
 * How it changes hands (ADR 0085), each through its partial index newest first: a listing that
 * can be met (products_available_meets), or one that ships within a country
 * (products_available_ships_from).
 */
function deliveryFilterOf(query: SearchQuery): SQL | undefined {
  if (!query.delivery) return undefined;
  const country = shipsToOf(query.delivery);
  // The literal is the partial index's own term: SQLite uses the index only when the query says it.
  return country === null ? sql`${products.delivery} != 'ship'` : eq(products.shipsFromCountry, country);
}

/** The gear filters (ADR 0054): brand and mount walk their own partial indexes, newest first. */
function gearFiltersOf(query: SearchQuery): Array<SQL | undefined> {
  return [
    query.brand ? eq(products.brand, query.brand) : undefined,
    query.mount ? eq(products.mount, query.mount) : undefined,
    query.sensor ? eq(products.sensorFormat, query.sensor) : undefined,
    query.shutter_max !== undefined ? lte(products.shutterCount, query.shutter_max) : undefined,
    // Lenses whose range reaches into the one asked for.
    query.focal_min !== undefined ? gte(products.focalMaxMm, query.focal_min) : undefined,
    query.focal_max !== undefined ? lte(products.focalMinMm, query.focal_max) : undefined,
    query.fits && query.fitMounts
      ? and(eq(products.gearKind, "lens"), inArray(products.mount, [...query.fitMounts]))
      : undefined,
  ];
}

/** Filters beyond the words: with none, the full-text index alone answers (ADR 0042). */
function narrowsBeyondWords(query: SearchQuery): boolean {
  return Boolean(
    query.category ||
      (query.condition.length > 0 && query.condition.length < CONDITIONS.length) ||
      query.min !== undefined ||
      query.max !== undefined ||
      query.verified ||
      query.delivery ||
      gearFiltersOf(query).some(Boolean),
  );
}

/**
 * A page of a best-match search (ADR 0039): the full-text index is read newest row first (its
 * rowids are the listings' rowids, in the order they were added) until RANK_WINDOW listings
 * match; only those are scored with bm25 and sorted, and only the page's rows are joined to
 * their cards. The index holds exactly the listings a buyer may see (ADR 0042), so without a
 * filter the window never reads the listings; with one, it joins them to apply it.
 */
function bestMatchRows(db: Database, query: SearchQuery, match: string) {
  const scored = {
    rid: sql<number>`${productsFts.rowid}`.as("rid"),
    score: sql<number>`${relevance}`.as("score"),
  };
  const window = db.$with("best_match_window").as(
    narrowsBeyondWords(query)
      ? db
          .select(scored)
          .from(productsFts)
          .innerJoin(products, sql`${products}.rowid = ${productsFts.rowid}`)
          .innerJoin(users, eq(users.id, products.sellerId))
          .where(filtersOf(query, match, "join"))
          .orderBy(desc(productsFts.rowid))
          .limit(RANK_WINDOW)
      : db
          .select(scored)
          .from(productsFts)
          .where(matching(match, "join"))
          .orderBy(desc(productsFts.rowid))
          .limit(RANK_WINDOW),
  );
  // Best first, then newest added: rowids are unique, so a page never repeats or skips one.
  const page = db
    .$with("best_match_page")
    .as(
      db
        .select({ rid: window.rid, score: window.score })
        .from(window)
        .orderBy(asc(window.score), desc(window.rid))
        .limit(LIST_PAGE_SIZE)
        .offset(pageOffset(query.page)),
    );
  return db
    .with(window, page)
    .select(cardFields)
    .from(page)
    .innerJoin(products, sql`${products}.rowid = ${page.rid}`)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(isListed(["available"]))
    .orderBy(asc(page.score), desc(page.rid));
}

/**
 * Counts the matches up to a limit, never all of them. Words alone are counted in the index
 * (it holds exactly the listed listings, ADR 0042); filters are applied on the listings.
 */
function countOf(db: Database, query: SearchQuery, match: string | null) {
  const matches = (
    match && !narrowsBeyondWords(query)
      ? db
          .select({ one: sql`1`.as("one") })
          .from(productsFts)
          .where(matching(match, "join"))
      : db
          .select({ one: sql`1`.as("one") })
          .from(products)
          .innerJoin(users, eq(users.id, products.sellerId))
          .where(filtersOf(query, match, "count"))
  )
    .limit(countLimit(query.page))
    .as("matches");
  return db.select({ total: sql<number>`count(*)` }).from(matches);
}

export type ListingSearchResult =
  | {
      ok: true;
      category: { id: string; slug: string; title: string } | null;
      sort: SearchSort;
      listings: Page<ListingCard>;
    }
  | { ok: false; reason: "unknown-category" };

/** The order a search is read in: best match needs words the index can match. */
function searchSort(query: SearchQuery): SearchSort {
  return effectiveSort({ q: query.q && toMatchQuery(query.q) ? query.q : undefined, sort: query.sort });
}

/**
 * The statements of one search: a page of cards and the capped count of the matches (ADR 0035).
 * Exported as queries so tests and the bench can read their plans.
 */
export function searchStatements(db: Database, query: SearchQuery) {
  const match = query.q ? toMatchQuery(query.q) : null;
  const sort = searchSort(query);
  const rows =
    sort === "relevance" && match
      ? bestMatchRows(db, query, match)
      : db
          .select(cardFields)
          .from(products)
          .innerJoin(users, eq(users.id, products.sellerId))
          .where(filtersOf(query, match, "walk"))
          .orderBy(...orderBy(sort === "relevance" ? "newest" : sort))
          .limit(LIST_PAGE_SIZE)
          .offset(pageOffset(query.page));
  return { sort, rows, count: countOf(db, query, match) };
}

/** One page of the listings a search finds, with their total (pages are numbered from 1). */
export async function searchListings(db: Database, query: SearchQuery): Promise<ListingSearchResult> {
  const { sort, rows, count } = searchStatements(db, query);
  const [found, cards, counted] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, title: categories.title })
      .from(categories)
      .where(eq(categories.slug, query.category ?? ""))
      .limit(1),
    rows,
    count,
  ]);
  const category = found[0] ?? null;
  if (query.category && !category) return { ok: false, reason: "unknown-category" };
  return {
    ok: true,
    category,
    sort,
    listings: bestMatchPages(sort, toCappedPage(cards as ListingCard[], Number(counted[0]?.total ?? 0), query.page)),
  };
}

/** Best match pages end with its window: the pager offers no page it cannot fill. */
function bestMatchPages<T>(sort: SearchSort, page: Page<T>): Page<T> {
  if (sort !== "relevance") return page;
  return { ...page, pageCount: Math.min(page.pageCount, Math.ceil(RANK_WINDOW / page.pageSize)) };
}
