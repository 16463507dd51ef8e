// The parameters of a listing search (`/search`, the category pages and GET /api/search),
// read from the URL by one schema (ADR 0027). A bad parameter is an error with a message for
// its field, never a guess: the page shows it next to the field and the API answers 422.
import * as z from "zod";
import { listOfChoices } from "#app/domain/shared/choices";
import { COUNT_CAP, readPage } from "#app/domain/shared/list-query";
import { dollarsToCents } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { CONDITIONS, type Condition } from "#db/closed-lists";
import { SEARCH_TEXT_MAX, searchTerms } from "./search-terms";

export const SEARCH_SORTS = ["relevance", "newest", "price-asc", "price-desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Best match",
  newest: "Newest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/** The parameters the schema reads; any other (page, book, report) is left to its owner. */
export const SEARCH_PARAMS = ["q", "category", "condition", "min", "max", "verified", "sort"] as const;
export type SearchParamName = (typeof SEARCH_PARAMS)[number];

const CATEGORY_MAX = 100;

/** A parameter given at most once: its trimmed value, "" when absent. */
function once(label: string) {
  return z
    .array(z.string())
    .max(1, `Give the ${label} only once.`)
    .transform((values) => values[0]?.trim() ?? "");
}

function price(label: string) {
  return once(label.toLowerCase()).transform((text, ctx) => {
    if (text === "") return undefined;
    if (/^-/.test(text)) {
      ctx.addIssue({ code: "custom", message: `${label} cannot be negative.` });
      return z.NEVER;
    }
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount in dollars, such as 250 or 99.50.` });
      return z.NEVER;
    }
    return cents;
  });
}

const conditionByName = new Map(CONDITIONS.map((condition) => [condition.toLowerCase(), condition]));

export const searchParamsSchema = z
  .object({
    q: once("search text").transform((text, ctx) => {
      if (text === "") return undefined;
      if (Array.from(text).length > SEARCH_TEXT_MAX) {
        ctx.addIssue({ code: "custom", message: `Search for at most ${SEARCH_TEXT_MAX} characters.` });
        return z.NEVER;
      }
      if (searchTerms(text).length === 0) {
        ctx.addIssue({ code: "custom", message: "Search for a word or a number." });
        return z.NEVER;
      }
      return text;
    }),
    category: once("category").transform((slug, ctx) => {
      if (slug === "") return undefined;
      if (Array.from(slug).length > CATEGORY_MAX) {
        ctx.addIssue({ code: "custom", message: "There is no such category." });
        return z.NEVER;
      }
      return slug.toLowerCase();
    }),
    // Checkboxes: the one parameter that may repeat. Any letter case; each condition once.
    condition: z.array(z.string()).transform((values, ctx) => {
      const chosen = new Set<Condition>();
      for (const value of values) {
        if (value.trim() === "") continue;
        const condition = conditionByName.get(value.trim().toLowerCase());
        if (!condition) {
          ctx.addIssue({ code: "custom", message: `Condition must be ${listOfChoices(CONDITIONS)}.` });
          return z.NEVER;
        }
        chosen.add(condition);
      }
      return CONDITIONS.filter((condition) => chosen.has(condition));
    }),
    min: price("Min price"),
    max: price("Max price"),
    verified: once("verified sellers choice").transform((value, ctx) => {
      if (value === "") return false;
      if (["1", "true", "on"].includes(value.toLowerCase())) return true;
      ctx.addIssue({ code: "custom", message: "Verified sellers only is 1 (on) or left out (off)." });
      return z.NEVER;
    }),
    sort: once("sort").transform((value, ctx) => {
      if (value === "") return undefined;
      if ((SEARCH_SORTS as readonly string[]).includes(value)) return value as SearchSort;
      ctx.addIssue({
        code: "custom",
        message: "Sort by newest, price-asc (low to high), price-desc (high to low) or relevance.",
      });
      return z.NEVER;
    }),
  })
  .superRefine((value, ctx) => {
    if (value.min !== undefined && value.max !== undefined && value.min > value.max) {
      ctx.addIssue({ code: "custom", path: ["max"], message: "Max price must not be below the min price." });
    }
  });

export type SearchFilters = z.output<typeof searchParamsSchema>;
export type SearchQuery = SearchFilters & { page: number };
export type SearchErrors = Partial<Record<SearchParamName, string[]>>;

export type ReadSearch =
  | { ok: true; query: SearchQuery }
  | { ok: false; errors: SearchErrors; message: string; error: z.ZodError };

/** The search a URL asks for; `page` follows the project's page rule (readPage). */
export function readSearchParams(params: URLSearchParams): ReadSearch {
  const input = Object.fromEntries(SEARCH_PARAMS.map((name) => [name, params.getAll(name)]));
  const parsed = searchParamsSchema.safeParse(input);
  if (parsed.success) return { ok: true, query: { ...parsed.data, page: readPage(params.get("page")) } };
  const errors: SearchErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as SearchParamName;
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return {
    ok: false,
    errors,
    message: parsed.error.issues[0]?.message ?? "The search is not valid.",
    error: parsed.error,
  };
}

/**
 * The filters as a URL spells them (prices in dollars), in the order of SEARCH_PARAMS, with the
 * page after the first: what `readSearchParams` reads back, and nothing else.
 */
export function searchQueryParams(filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  for (const condition of filters.condition) params.append("condition", condition);
  if (filters.min !== undefined) params.set("min", centsToText(filters.min));
  if (filters.max !== undefined) params.set("max", centsToText(filters.max));
  if (filters.verified) params.set("verified", "1");
  if (filters.sort) params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** 25000 → "250", 9950 → "99.50": what a person would type. */
export function centsToText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The order results come in: best match first when there are words, newest first otherwise. */
export function effectiveSort(query: Pick<SearchQuery, "q" | "sort">): SearchSort {
  if (!query.q) return query.sort && query.sort !== "relevance" ? query.sort : "newest";
  return query.sort ?? "relevance";
}

/** The sorts a search can be shown in: best match only when there are words to match. */
export function sortsFor(query: Pick<SearchQuery, "q">): SearchSort[] {
  return query.q ? [...SEARCH_SORTS] : SEARCH_SORTS.filter((sort) => sort !== "relevance");
}

/**
 * Best match ranks only the COUNT_CAP most recently added matches (ADR 0039): when a search has
 * more, the list says so and how to see them all.
 */
export function bestMatchNote(sort: SearchSort, capped: boolean): string | null {
  if (sort !== "relevance" || !capped) return null;
  return `Best match ranks the ${groupThousands(COUNT_CAP)} most recently listed of them: sort by newest or price to see every one.`;
}
