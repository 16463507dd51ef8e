// A listing's details that are one column each (its name, condition, description, prices, year,
// contact, location, and any detail added to the form's schema later): one list, derived from the
// schema's fields, that the insert, the edit, the reads, the export, the edit form's values and
// the REST records all take their columns from. A detail is stored in the column of its own name
// unless it is renamed below; a detail without such a column is a type error here.
// The category (stored as an id, looked up by slug) and the gear (gear-schema, its own columns
// and rows) are written by their own code.
import { type SQL, sql } from "drizzle-orm";
import { GEAR_FIELD_NAMES } from "#app/domain/gear/gear-schema";
import { type Currency, toUnitsText } from "#app/domain/shared/money";
import { products } from "#db/schema";
import { DETAIL_FIELD_NAMES, type ListingDetails, type ListingDetailsInput } from "./listing-schema";

/** The details whose column is named otherwise than the field the form and the API send. */
const RENAMED = {
  productName: "name",
  originalPrice: "originalPriceCents",
  resalePrice: "resalePriceCents",
  shippingPrice: "shippingPriceCents",
} as const;

/** The details kept in integer cents: the form shows them in dollars, the API gives both. */
export const MONEY_DETAILS = ["originalPrice", "resalePrice", "shippingPrice"] as const;

/** A detail that is one column of the listing. */
export type DetailField = Exclude<keyof ListingDetails, "category" | "gear">;
type ColumnOf<F extends DetailField> = F extends keyof typeof RENAMED ? (typeof RENAMED)[F] : F;
export type DetailColumn = { [F in DetailField]: ColumnOf<F> }[DetailField];
type ProductRow = typeof products.$inferSelect;

// A detail added to the schema without its column (or a renamed one that does not exist) names
// the missing column in this line's type error.
type MissingColumn = Exclude<DetailColumn, keyof ProductRow>;
export const everyDetailHasAColumn: [MissingColumn] extends [never] ? true : MissingColumn = true;

/** A listing's details as stored: the columns' values. */
export type DetailRow = Pick<ProductRow, DetailColumn>;

const renamed: Readonly<Record<string, string>> = RENAMED;
const gearNames: ReadonlySet<string> = new Set(GEAR_FIELD_NAMES);

/** The details that are a column each, in the form's order. */
export const DETAIL_FIELDS: readonly DetailField[] = DETAIL_FIELD_NAMES.filter(
  (name): name is DetailField => name !== "category" && !gearNames.has(name),
);

function columnOf<F extends DetailField>(field: F): ColumnOf<F> {
  return (renamed[field] ?? field) as ColumnOf<F>;
}

/** The details' columns, for a select: the rows come back as `DetailRow`s. */
export const detailColumns = Object.fromEntries(
  DETAIL_FIELDS.map((field) => [columnOf(field), products[columnOf(field)]]),
) as { [C in DetailColumn]: (typeof products)[C] };

/** The columns' values of the details a seller gave: an update's `set`. */
export function detailRow(details: ListingDetails): DetailRow {
  return Object.fromEntries(DETAIL_FIELDS.map((field) => [columnOf(field), details[field]])) as DetailRow;
}

/** The same values as the parameters of an INSERT … SELECT, each encoded as its column stores it. */
export function detailSelection(details: ListingDetails): Record<DetailColumn, SQL> {
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => {
      const column = products[columnOf(field)];
      return [columnOf(field), sql`${sql.param(details[field], column)}`];
    }),
  ) as Record<DetailColumn, SQL>;
}

/** Whether a stored listing already has exactly these details (a repeated request). */
export function sameDetails(stored: DetailRow, details: ListingDetails): boolean {
  return DETAIL_FIELDS.every((field) => stored[columnOf(field)] === details[field]);
}

/**
 * The details only the listing's seller (and the admin) reads: where the parcel leaves from. The
 * public page, the public REST record and the cards never select them.
 */
export const PRIVATE_DETAILS = ["shipsFromPostalCode"] as const satisfies readonly DetailField[];
type PrivateColumn = ColumnOf<(typeof PRIVATE_DETAILS)[number]>;

/** A listing's details as anyone may read them. */
export type PublicDetailRow = Omit<DetailRow, PrivateColumn>;

const privateColumns: ReadonlySet<string> = new Set(PRIVATE_DETAILS.map((field) => columnOf(field)));

/** The details' columns but the private ones, for the public page's read. */
export const publicDetailColumns = Object.fromEntries(
  Object.entries(detailColumns).filter(([column]) => !privateColumns.has(column)),
) as Omit<typeof detailColumns, PrivateColumn>;

/**
 * A stored listing's details under the names the form and the API use (prices in cents): every
 * detail whose column the row has (a public read has no private one).
 */
export function detailsOf<R extends PublicDetailRow>(
  row: R,
): { [F in DetailField as ColumnOf<F> extends keyof R ? F : never]: DetailRow[ColumnOf<F>] } {
  return Object.fromEntries(
    DETAIL_FIELDS.filter((field) => columnOf(field) in row).map((field) => [
      field,
      (row as Partial<DetailRow>)[columnOf(field)],
    ]),
  ) as never;
}

/** A stored listing's details as the edit form shows them: text, prices in whole units, a ticked box "on". */
export function detailFormValues(row: DetailRow, currency: Currency): Pick<ListingDetailsInput, DetailField> {
  const money: ReadonlySet<string> = new Set(MONEY_DETAILS);
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => {
      const value: unknown = row[columnOf(field)];
      if (value === null || value === undefined) return [field, ""];
      // A checkbox sends "on" when ticked (the form schema reads it back).
      if (typeof value === "boolean") return [field, value ? "on" : ""];
      return [field, money.has(field) ? toUnitsText(Number(value), currency) : String(value)];
    }),
  ) as Pick<ListingDetailsInput, DetailField>;
}
