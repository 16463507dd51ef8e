// The parameters of a listing search (`/search`, the category pages and GET /api/search),
// read from the URL by one schema (ADR 0027). A bad parameter is an error with a message for
// its field, never a guess: the page shows it next to the field and the API answers 422.
import * as z from "zod";
import { mountsThatFit } from "#app/domain/gear/adapters";
import { BRANDS, isBrandKey } from "#app/domain/gear/brands";
import type { Camera } from "#app/domain/gear/camera";
import { readCamera } from "#app/domain/gear/camera";
import { isMount } from "#app/domain/gear/mounts";
import { readFocal, readShutterCount } from "#app/domain/gear/numbers";
import { listOfChoices } from "#app/domain/shared/choices";
import { COUNT_CAP, readPage } from "#app/domain/shared/list-query";
import { amountExample, type Currency, parseMoney, toUnitsText } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { CONDITIONS, type Condition, type Mount, SENSOR_FORMATS, type SensorFormat } from "#db/closed-lists";
import { DELIVERY_CHOICE_MESSAGE, isDeliveryChoice } from "./delivery";
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
export const SEARCH_PARAMS = [
  "q",
  "category",
  "condition",
  "min",
  "max",
  "verified",
  "delivery",
  "brand",
  "mount",
  "sensor",
  "shutter_max",
  "focal_min",
  "focal_max",
  "fits",
  "camera",
  "sort",
] as const;
export type SearchParamName = (typeof SEARCH_PARAMS)[number];

const CATEGORY_MAX = 100;

/** A parameter given at most once: its trimmed value, "" when absent. */
function once(label: string) {
  return z
    .array(z.string())
    .max(1, `Give the ${label} only once.`)
    .transform((values) => values[0]?.trim() ?? "");
}

function price(label: string, currency: Currency) {
  return once(label.toLowerCase()).transform((text, ctx) => {
    if (text === "") return undefined;
    if (/^-/.test(text)) {
      ctx.addIssue({ code: "custom", message: `${label} cannot be negative.` });
      return z.NEVER;
    }
    const cents = parseMoney(text, currency);
    if (cents === null) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be an amount in ${currency.words}, such as ${amountExample(250, currency)}.`,
      });
      return z.NEVER;
    }
    return cents;
  });
}

const conditionByName = new Map(CONDITIONS.map((condition) => [condition.toLowerCase(), condition]));

/** An on/off checkbox: 1, true or on; absent is off. */
function flag(label: string, message: string) {
  return once(label).transform((value, ctx) => {
    if (value === "") return false;
    if (["1", "true", "on"].includes(value.toLowerCase())) return true;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

function focal(label: string) {
  return once(label.toLowerCase()).transform((text, ctx) => {
    if (text === "") return undefined;
    const value = readFocal(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be millimetres from 1 to 2,000, such as 24 or 70.` });
      return z.NEVER;
    }
    return value;
  });
}

/** The search schema, its prices read in the configured currency. */
export function searchParamsSchema(currency: Currency) {
  return z
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
      min: price("Min price", currency),
      max: price("Max price", currency),
      verified: flag("verified sellers choice", "Verified sellers only is 1 (on) or left out (off)."),
      // How it changes hands (ADR 0085): can meet in person, or ships within a country.
      delivery: once("delivery").transform((value, ctx) => {
        if (value === "") return undefined;
        const choice = value.toLowerCase();
        if (isDeliveryChoice(choice)) return choice;
        ctx.addIssue({ code: "custom", message: DELIVERY_CHOICE_MESSAGE });
        return z.NEVER;
      }),
      brand: once("brand").transform((key, ctx) => {
        if (key === "") return undefined;
        const brand = key.toLowerCase();
        if (isBrandKey(brand)) return brand;
        ctx.addIssue({ code: "custom", message: `Brand must be one of the list (${BRANDS.length} brands).` });
        return z.NEVER;
      }),
      mount: once("mount").transform((key, ctx) => {
        if (key === "") return undefined;
        const mount = key.toLowerCase();
        if (isMount(mount)) return mount;
        ctx.addIssue({ code: "custom", message: "Mount must be one of the list." });
        return z.NEVER;
      }),
      sensor: once("sensor format").transform((key, ctx) => {
        if (key === "") return undefined;
        const sensor = key.toLowerCase();
        if ((SENSOR_FORMATS as readonly string[]).includes(sensor)) return sensor as SensorFormat;
        ctx.addIssue({ code: "custom", message: "Sensor format must be one of the list." });
        return z.NEVER;
      }),
      shutter_max: once("maximum shutter count").transform((text, ctx) => {
        if (text === "") return undefined;
        const count = readShutterCount(text);
        if (count === null) {
          ctx.addIssue({ code: "custom", message: "Max shutter count must be a whole number, such as 20000." });
          return z.NEVER;
        }
        return count;
      }),
      focal_min: focal("Focal length from"),
      focal_max: focal("Focal length to"),
      fits: flag("fits choice", "Only gear that fits is 1 (on) or left out (off)."),
      // The visitor's camera (a body or a mount): the badges, and what "only gear that fits" means.
      camera: once("camera").transform((key, ctx) => {
        if (key === "") return undefined;
        const camera = readCamera(key.toLowerCase());
        if (camera) return camera.key;
        ctx.addIssue({ code: "custom", message: "There is no such camera: choose yours from the list." });
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
      if (value.focal_min !== undefined && value.focal_max !== undefined && value.focal_min > value.focal_max) {
        ctx.addIssue({ code: "custom", path: ["focal_max"], message: "Focal length to must not be below from." });
      }
    });
}

export type SearchFilters = z.output<ReturnType<typeof searchParamsSchema>>;
/**
 * A search as it runs: its filters, its page, and for "only gear that fits" the lens mounts that
 * fit the camera it speaks for (resolved by `withCamera`).
 */
export type SearchQuery = SearchFilters & { page: number; fitMounts?: readonly Mount[] };
export type SearchErrors = Partial<Record<SearchParamName, string[]>>;

export type ReadSearch =
  | { ok: true; query: SearchQuery }
  | { ok: false; errors: SearchErrors; message: string; error: z.ZodError };

/** The search a URL asks for; `page` follows the project's page rule (readPage). */
export function readSearchParams(params: URLSearchParams, currency: Currency): ReadSearch {
  const input = Object.fromEntries(SEARCH_PARAMS.map((name) => [name, params.getAll(name)]));
  const parsed = searchParamsSchema(currency).safeParse(input);
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

export const FITS_NEEDS_CAMERA = "Choose your camera to see only the gear that fits it.";

/**
 * A search with "only gear that fits" gets the lens mounts that fit the camera it speaks for (the
 * URL's, else the signed-in visitor's own: see `needsAccountCamera`); without a camera it is
 * refused on its field.
 */
export function withFits(read: ReadSearch, camera: Camera | null): ReadSearch {
  if (!read.ok || !read.query.fits) return read;
  if (!camera) {
    const error = new z.ZodError([{ code: "custom", path: ["fits"], message: FITS_NEEDS_CAMERA, input: "1" }]);
    return { ok: false, errors: { fits: [FITS_NEEDS_CAMERA] }, message: FITS_NEEDS_CAMERA, error };
  }
  return { ok: true, query: { ...read.query, fitMounts: mountsThatFit(camera.mount) } };
}

/** Whether the search's results depend on the account's camera (fits, without a camera in the URL). */
export function needsAccountCamera(read: ReadSearch): boolean {
  return read.ok && read.query.fits && !read.query.camera;
}

/**
 * The filters as a URL spells them (prices in whole units of the currency), in the order of SEARCH_PARAMS, with the
 * page after the first: what `readSearchParams` reads back, and nothing else.
 */
export function searchQueryParams(filters: SearchFilters, currency: Currency, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  for (const condition of filters.condition) params.append("condition", condition);
  if (filters.min !== undefined) params.set("min", centsToText(filters.min, currency));
  if (filters.max !== undefined) params.set("max", centsToText(filters.max, currency));
  if (filters.verified) params.set("verified", "1");
  if (filters.delivery) params.set("delivery", filters.delivery);
  if (filters.brand) params.set("brand", filters.brand);
  if (filters.mount) params.set("mount", filters.mount);
  if (filters.sensor) params.set("sensor", filters.sensor);
  if (filters.shutter_max !== undefined) params.set("shutter_max", String(filters.shutter_max));
  if (filters.focal_min !== undefined) params.set("focal_min", String(filters.focal_min));
  if (filters.focal_max !== undefined) params.set("focal_max", String(filters.focal_max));
  if (filters.fits) params.set("fits", "1");
  if (filters.camera) params.set("camera", filters.camera);
  if (filters.sort) params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** 25000 → "250", 9950 → "99.50" in USD; 1500 → "1500" in JPY: what a person would type. */
export function centsToText(cents: number, currency: Currency): string {
  const text = toUnitsText(cents, currency);
  return currency.digits > 0 ? text.replace(new RegExp(`\\.0{${currency.digits}}$`), "") : text;
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
