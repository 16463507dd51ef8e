// The search and page parameters of the admin lists (`?q=…&page=…`), shared by the pages and
// the REST API. Bad values fall back to the first page rather than an error: they come from
// URLs people edit by hand.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import * as z from "zod";
import { groupThousands } from "./numbers";

export const LIST_PAGE_SIZE = 20;
export const MAX_LIST_PAGE = 10_000;
export const SEARCH_MAX = 100;

/** A page number from a URL: a whole number from 1 to MAX_LIST_PAGE; anything else is page 1. */
export const pageSchema = z.coerce.number().int().min(1).max(MAX_LIST_PAGE).catch(1);

export function readPage(value: string | null | undefined): number {
  return pageSchema.parse(value ?? undefined);
}

export const listQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .catch(undefined)
    // Cut at whole characters (code points), never inside an emoji's surrogate pair.
    .transform(
      (value) =>
        Array.from(value?.trim() ?? "")
          .slice(0, SEARCH_MAX)
          .join("") || undefined,
    ),
  page: pageSchema,
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function readListQuery(params: URLSearchParams): ListQuery {
  return listQuerySchema.parse({ q: params.get("q") ?? undefined, page: params.get("page") ?? undefined });
}

/**
 * The parameters a list's URL carries, as `readListQuery` reads them back: the search, and the
 * page after the first. What a link to another page of the list keeps, and nothing else.
 */
export function listQueryParams(query: { q?: string; page?: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * Whether a column contains the text anywhere, ignoring case as SQLite's lower() does (ASCII).
 * instr, not LIKE: D1 refuses LIKE patterns longer than 50 bytes (a dozen emoji), and the
 * user's % and _ need no escaping.
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

export interface Page<T> {
  rows: T[];
  /** The number of rows, or COUNT_CAP when there are more (then `capped` is true). */
  total: number;
  /** More than COUNT_CAP rows: the lists show "1,000+ results" and no last page. */
  capped: boolean;
  page: number;
  /** The pages known to exist; with `capped`, one more than those counted when there are more. */
  pageCount: number;
  pageSize: number;
}

/**
 * A page of a list from its two reads, the rows and their count, started together: the request's
 * read batcher sends them as one batch (ADR 0069).
 */
export async function listPage<T>(
  rows: PromiseLike<T[]>,
  counted: PromiseLike<{ total: number }[]>,
  page: number,
): Promise<Page<T>> {
  const [found, count] = await Promise.all([rows, counted]);
  return toPage(found, Number(count[0]?.total ?? 0), page);
}

export function toPage<T>(rows: T[], total: number, page: number): Page<T> {
  return {
    rows,
    total,
    capped: false,
    page,
    pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
    pageSize: LIST_PAGE_SIZE,
  };
}

export const pageOffset = (page: number) => (page - 1) * LIST_PAGE_SIZE;

/**
 * The storefront's lists count at most this many matches (ADR 0035): counting every match of
 * a broad search costs as much as reading them all, and nobody pages through a thousand.
 */
export const COUNT_CAP = 1_000;

/**
 * How many matching rows a capped count reads for a page: one more than the cap, or than the
 * rows up to the end of the page asked for, so the pager always knows whether a next page exists.
 */
export function countLimit(page: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(COUNT_CAP, page * pageSize) + 1;
}

/** A page whose total came from a count of at most `countLimit(page, pageSize)` rows. */
export function toCappedPage<T>(rows: T[], counted: number, page: number, pageSize = LIST_PAGE_SIZE): Page<T> {
  const limit = countLimit(page, pageSize);
  const known = Math.min(counted, limit - 1);
  const more = counted >= limit;
  const capped = counted > COUNT_CAP;
  return {
    rows,
    total: capped ? COUNT_CAP : counted,
    capped,
    page,
    pageCount: Math.max(1, Math.ceil(known / pageSize) + (more ? 1 : 0)),
    pageSize,
  };
}

/** "1,000+ results", "1 result", "0 results". */
export function countLabel(page: Pick<Page<unknown>, "total" | "capped">, one: string, many: string): string {
  if (page.capped) return `${groupThousands(page.total)}+ ${many}`;
  return `${groupThousands(page.total)} ${page.total === 1 ? one : many}`;
}
