// The search and page parameters of the admin lists (`?q=…&page=…`), shared by the pages and
// the REST API. Bad values fall back to the first page rather than an error: they come from
// URLs people edit by hand.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import * as z from "zod";

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
 * Whether a column contains the text anywhere, ignoring case as SQLite's lower() does (ASCII).
 * instr, not LIKE: D1 refuses LIKE patterns longer than 50 bytes (a dozen emoji), and the
 * user's % and _ need no escaping.
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export function toPage<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)), pageSize: LIST_PAGE_SIZE };
}

export const pageOffset = (page: number) => (page - 1) * LIST_PAGE_SIZE;
