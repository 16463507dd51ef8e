// Price guidance from Pay&Buy's own recorded sales (ADR 0055): what listings of the same model, in
// the same grade or better, sold for in the last six months. Only successful payments count
// (model_sales is kept in step with them by triggers); with fewer than MIN_SALES of them the
// guidance says so and shows no price, and the figures it shows are rounded (ADR 0076). Nothing is estimated, averaged from elsewhere or invented.
// It belongs to the catalog: a listing's page and a seller pricing an item read it; the sales
// it counts are a table the deals' payments fill, read here, never written.
import { and, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { CONDITIONS, type Condition } from "#db/closed-lists";
import {
  GUIDANCE_PERIOD_DAYS,
  GUIDANCE_TENTHS,
  gradesAtLeast,
  guidanceFigures,
  type PriceGuidance,
  percentileRanks,
} from "./price-guidance";

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

/** The price at a percentile's lower or upper rank (percentileRanks, in SQL). */
function priceAtRank(
  ranked: { amount: SQL.Aliased<number>; rank: SQL.Aliased<number>; total: SQL.Aliased<number> },
  tenths: number,
  which: "lower" | "upper",
) {
  const lower = sql`1 + ((${ranked.total} - 1) * ${sql.raw(String(tenths))}) / 10`;
  const rank = which === "lower" ? lower : sql`min(${lower} + 1, ${ranked.total})`;
  return sql<number | null>`max(case when ${ranked.rank} = ${rank} then ${ranked.amount} end)`;
}

/**
 * The guidance of a model in a grade (null without a model of the list): how many sales, and,
 * from MIN_SALES of them, the range from the 10th to the 90th percentile and the median, each
 * rounded (guidanceFigures, ADR 0076). The query reads only the prices at the ranks those
 * percentiles lie between. A listing's guidance reads the listing's model and grade in the same
 * query, so it needs no read of the listing first and rides in the listing's round trip.
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
    })
    .from(modelSales)
    .where(salesOf(sales, currency, now))
    .as("ranked");
  // A listing's own model and grade, read with its sales (null when they are given).
  const ofListing = <T>(column: SQL) =>
    "productId" in subject
      ? sql<T | null>`(select ${column} from ${products} where ${products.id} = ${subject.productId})`
      : sql<T | null>`null`;
  const tenths = Object.values(GUIDANCE_TENTHS);
  const [row] = await db
    .select({
      sales: sql<number>`coalesce(max(${ranked.total}), 0)`.as("sales"),
      ...Object.fromEntries(
        tenths.flatMap((tenth) => [
          [`lower${tenth}`, priceAtRank(ranked, tenth, "lower").as(`lower${tenth}`)],
          [`upper${tenth}`, priceAtRank(ranked, tenth, "upper").as(`upper${tenth}`)],
        ]),
      ),
      model: ofListing<string>(sql`${products.model}`).as("model"),
      condition: ofListing<Condition>(sql`${products.condition}`).as("condition"),
    })
    .from(ranked);
  const model = "model" in subject ? subject.model : (row?.model ?? null);
  const condition = "model" in subject ? subject.condition : (row?.condition ?? null);
  if (!model || model === "other" || !condition) return null;
  const base = {
    model,
    grades: gradesAtLeast(condition),
    sales: Number(row?.sales ?? 0),
    periodDays: GUIDANCE_PERIOD_DAYS,
  };
  // The prices read, by rank: each percentile's two ranks.
  const prices = new Map<number, number>();
  const read = (row ?? {}) as Record<string, unknown>;
  for (const tenth of tenths) {
    const [lower, upper] = percentileRanks(base.sales, tenth);
    if (read[`lower${tenth}`] != null) prices.set(lower, Number(read[`lower${tenth}`]));
    if (read[`upper${tenth}`] != null) prices.set(upper, Number(read[`upper${tenth}`]));
  }
  const figures = guidanceFigures(base.sales, (rank) => {
    const price = prices.get(rank);
    if (price === undefined) throw new Error(`Price guidance read no price at rank ${rank}`);
    return price;
  });
  return figures ? { ...base, enough: true, ...figures } : { ...base, enough: false };
}
