// Price guidance from Pay&Buy's own recorded sales (ADR 0055): what listings of the same model, in
// the same grade or better, sold for in the last six months. Only successful payments count
// (model_sales is kept in step with them by triggers); with fewer than MIN_SALES of them the
// guidance says so and shows no price. Nothing is estimated, averaged from elsewhere or invented.
// It belongs to the catalog: a listing's page and a seller pricing an item read it; the sales
// it counts are a table the deals' payments fill, read here, never written.
import { and, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { CONDITIONS, type Condition } from "#db/closed-lists";
import { GUIDANCE_PERIOD_DAYS, gradesAtLeast, MIN_SALES, type PriceGuidance } from "./price-guidance";

export { farAbove, type PriceGuidance } from "./price-guidance";

import { modelSales, products } from "#db/schema";

const DAY_MS = 86_400_000;

/** A grade's rank, best first, as SQL: the order CONDITIONS gives. */
function gradeRank(column: SQL | typeof modelSales.condition | typeof products.condition): SQL {
  return sql`(case ${column} ${sql.raw(CONDITIONS.map((grade, rank) => `when '${grade}' then ${rank}`).join(" "))} end)`;
}

type SalesSubject = { model: string; condition: Condition } | { productId: string };

/** The sales of the subject's model in the period, in its grade or better (index: model_sales_model_sold). */
function salesOf(subject: SalesSubject, currency: string, now: number): SQL | undefined {
  const since = new Date(now - GUIDANCE_PERIOD_DAYS * DAY_MS);
  if ("model" in subject) {
    return and(
      eq(modelSales.model, subject.model),
      eq(modelSales.currency, currency),
      gte(modelSales.soldAt, since),
      inArray(modelSales.condition, gradesAtLeast(subject.condition)),
    );
  }
  const listing = (column: SQL) => sql`(select ${column} from ${products} where ${products.id} = ${subject.productId})`;
  return and(
    sql`${modelSales.model} = ${listing(sql`${products.model}`)}`,
    eq(modelSales.currency, currency),
    gte(modelSales.soldAt, since),
    sql`${gradeRank(modelSales.condition)} <= ${listing(gradeRank(products.condition))}`,
  );
}

/** Whose guidance: a model and grade (a seller pricing an item), or a listing's own (its model and grade). */
export type GuidanceSubject = { model: string | null; condition: Condition } | { productId: string };

/**
 * The guidance of a model in a grade (null without a model of the list): how many sales, the
 * lowest, the highest and the median (the middle price, or the mean of the middle two), from the
 * sales the index gives in range. A listing's guidance reads the listing's model and grade in the
 * same query, so it needs no read of the listing first and rides in the listing's round trip.
 */
export async function priceGuidance(
  db: Database,
  subject: GuidanceSubject,
  currency: string,
  now = Date.now(),
): Promise<PriceGuidance | null> {
  if ("model" in subject && (!subject.model || subject.model === "other")) return null;
  const sales = "model" in subject ? { model: subject.model as string, condition: subject.condition } : subject;
  const ranked = db
    .select({
      amount: sql<number>`${modelSales.amountCents}`.as("amount"),
      rank: sql<number>`row_number() over (order by ${modelSales.amountCents})`.as("rank"),
      total: sql<number>`count(*) over ()`.as("total"),
      lowest: sql<number>`min(${modelSales.amountCents}) over ()`.as("lowest"),
      highest: sql<number>`max(${modelSales.amountCents}) over ()`.as("highest"),
    })
    .from(modelSales)
    .where(salesOf(sales, currency, now))
    .as("ranked");
  // A listing's own model and grade, read with its sales (null when they are given).
  const ofListing = <T>(column: SQL) =>
    "productId" in subject
      ? sql<T | null>`(select ${column} from ${products} where ${products.id} = ${subject.productId})`
      : sql<T | null>`null`;
  const [row] = await db
    .select({
      sales: sql<number>`coalesce(max(${ranked.total}), 0)`.as("sales"),
      low: sql<number | null>`min(${ranked.lowest})`.as("low"),
      high: sql<number | null>`max(${ranked.highest})`.as("high"),
      median: sql<number | null>`avg(${ranked.amount})`.as("median"),
      model: ofListing<string>(sql`${products.model}`).as("model"),
      condition: ofListing<Condition>(sql`${products.condition}`).as("condition"),
    })
    .from(ranked)
    .where(sql`${ranked.rank} in ((${ranked.total} + 1) / 2, (${ranked.total} + 2) / 2)`);
  const model = "model" in subject ? subject.model : (row?.model ?? null);
  const condition = "model" in subject ? subject.condition : (row?.condition ?? null);
  if (!model || model === "other" || !condition) return null;
  const base = {
    model,
    grades: gradesAtLeast(condition),
    sales: Number(row?.sales ?? 0),
    periodDays: GUIDANCE_PERIOD_DAYS,
  };
  if (base.sales < MIN_SALES || row?.low == null || row.high == null || row.median == null)
    return { ...base, enough: false };
  // An even count's median is the mean of its two middle prices, rounded to the cent.
  return {
    ...base,
    enough: true,
    lowCents: Number(row.low),
    highCents: Number(row.high),
    medianCents: Math.round(Number(row.median)),
  };
}
