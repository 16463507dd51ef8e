// The SQL behind the storefront's lists, timed against local D1 states of different sizes, with
// SQLite's plan for each statement. Figures are printed, never asserted (ADR 0035).
//   tsx bench/list-queries.ts --state .perf-seed --state .perf-grown [--runs 15] [--plans]
// Make the states as the bench does: `wrangler d1 migrations apply DB --local --persist-to <dir>`,
// `tsx scripts/seed.ts --persist-to <dir>`, then for the grown one
// `tsx bench/grow-catalog.ts --persist-to <dir> --count 100000`.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { loadCategoryPage, loadStorefront } from "#app/domain/catalog/catalog.server";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { findListing } from "#app/domain/catalog/listings.server";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { readSearchParams, withFits } from "#app/domain/catalog/search-params";
import { readCamera } from "#app/domain/gear/camera";
import { currencyOf } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { products } from "#db/schema";

const { values } = parseArgs({
  options: {
    state: { type: "string", multiple: true, default: [".bench-state"] },
    runs: { type: "string", default: "15" },
    plans: { type: "boolean", default: false },
    // Writes each case's statements (SQL and parameters) as JSON, to time them in sqlite3 alone.
    "dump-sql": { type: "string" },
  },
});

/** The seed's currency (wrangler.toml's PAYMENT_CURRENCY): the bench reads the same money the app would. */
const currency = currencyOf("usd");

type Case = { label: string; run: (db: Database) => Promise<unknown> };

function search(query: string): Case["run"] {
  const read = withFits(readSearchParams(new URLSearchParams(query), currency), readCamera("nikon-z6-ii"));
  if (!read.ok) throw new Error(`Bad search ${query}: ${read.message}`);
  return (db) => searchListings(db, read.query);
}

const CASES: Case[] = [
  { label: "home (categories + advertised)", run: (db) => loadStorefront(db, { allCategories: false }) },
  { label: "category newest /products/camera", run: search("category=camera") },
  { label: "category newest, page 20", run: search("category=camera&page=20") },
  { label: "category price-asc", run: search("category=camera&sort=price-asc") },
  { label: "category price-desc", run: search("category=camera&sort=price-desc") },
  { label: "search best match q=canon lens", run: search("q=canon+lens") },
  { label: "search best match q=canon", run: search("q=canon") },
  { label: "search newest q=canon", run: search("q=canon&sort=newest") },
  { label: "search price-asc q=canon", run: search("q=canon&sort=price-asc") },
  { label: "search price-desc q=canon", run: search("q=canon&sort=price-desc") },
  { label: "all listings newest /search", run: search("") },
  { label: "all listings price-asc", run: search("sort=price-asc") },
  { label: "filters condition+price+verified", run: search("condition=excellent&min=100&max=900&verified=1") },
  { label: "API /api/products?path=camera", run: (db) => loadCategoryPage(db, "camera", 1) },
  // The gear filters (ADR 0054) and "only gear that fits" a Nikon Z6 II.
  { label: "brand canon, newest", run: search("brand=canon") },
  // How it changes hands (ADR 0085): can be met, or ships within a country.
  { label: "delivery meetup, newest", run: search("delivery=meetup") },
  { label: "delivery ship-us, newest", run: search("delivery=ship-us") },
  { label: "delivery ship-ca, newest", run: search("delivery=ship-ca") },
  { label: "mount sony-e, newest", run: search("mount=sony-e") },
  { label: "mount sony-e, price-asc", run: search("mount=sony-e&sort=price-asc") },
  { label: "lenses, mount nikon-z", run: search("category=camera+lens&mount=nikon-z") },
  { label: "sensor full-frame", run: search("sensor=full-frame") },
  { label: "shutter count at most 20,000", run: search("shutter_max=20000") },
  { label: "focal 35-50 mm", run: search("focal_min=35&focal_max=50") },
  { label: "fits a Nikon Z6 II", run: search("fits=1&camera=nikon-z6-ii") },
  { label: "fits a Nikon Z6 II, price-asc", run: search("fits=1&camera=nikon-z6-ii&sort=price-asc") },
  { label: "words + mount: q=lens&mount=canon-rf", run: search("q=lens&mount=canon-rf") },
  // Price guidance from the recorded sales (ADR 0055), and a listing page with it.
  {
    label: "price guidance canon-eos-r6 Good",
    run: (db) => priceGuidance(db, { model: "canon-eos-r6", condition: "Good" }, "usd"),
  },
  {
    label: "price guidance sony-a7-iii Excellent",
    run: (db) => priceGuidance(db, { model: "sony-a7-iii", condition: "Excellent" }, "usd"),
  },
  { label: "listing page of a body (with guidance)", run: (db) => listingOfModel(db, "canon-eos-r6") },
];

const listingIds = new Map<string, string>();
/** A listing page read as the page reads it: the first available listing of a model. */
async function listingOfModel(db: Database, model: string) {
  let id = listingIds.get(model);
  if (!id) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.model, model), eq(products.status, "available")))
      .limit(1);
    id = row?.id ?? "none";
    listingIds.set(model, id);
  }
  return findListing(db, id, "usd");
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function measure(state: string, runs: number) {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${state}/v3` } });
  const statements: { sql: string; params: unknown[] }[] = [];
  // Every statement the app prepares (batches included), to ask SQLite for its plan.
  const recording = new Proxy(proxy.env.DB, {
    get(target, property) {
      if (property !== "prepare") return Reflect.get(target, property).bind(target);
      return (query: string) => {
        const entry = { sql: query, params: [] as unknown[] };
        statements.push(entry);
        const prepared = target.prepare(query);
        return new Proxy(prepared, {
          get(statement, name) {
            if (name !== "bind") return Reflect.get(statement, name).bind(statement);
            return (...params: unknown[]) => {
              entry.params = params;
              return statement.bind(...params);
            };
          },
        });
      };
    },
  });
  const db = drizzle(recording) as unknown as Database;
  try {
    const [{ count }] = (await proxy.env.DB.prepare("select count(*) as count from products").all<{ count: number }>())
      .results as [{ count: number }];
    const results = new Map<string, number>();
    for (const testCase of CASES) {
      await testCase.run(db); // warm
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await testCase.run(db);
        times.push(performance.now() - started);
      }
      results.set(testCase.label, median(times));
    }
    if (values["dump-sql"]) {
      const dump: Record<string, typeof statements> = {};
      for (const testCase of CASES) {
        statements.length = 0;
        await testCase.run(db);
        dump[testCase.label] = statements.slice();
      }
      writeFileSync(values["dump-sql"], JSON.stringify(dump, null, 1));
    }
    if (values.plans) {
      console.log(`\n## Plans at ${count.toLocaleString("en-US")} listings (${state})`);
      for (const testCase of CASES) {
        statements.length = 0;
        await testCase.run(db);
        console.log(`\n### ${testCase.label}`);
        for (const statement of statements) {
          const plan = await proxy.env.DB.prepare(`explain query plan ${statement.sql}`)
            .bind(...statement.params)
            .all<{ id: number; parent: number; detail: string }>();
          const depth = new Map<number, number>([[0, 0]]);
          console.log(`\n${statement.sql.slice(0, 160)}${statement.sql.length > 160 ? "…" : ""}`);
          for (const row of plan.results) {
            const level = (depth.get(row.parent) ?? 0) + 1;
            depth.set(row.id, level);
            console.log(`${"  ".repeat(level)}${row.detail}`);
          }
        }
      }
    }
    return { count, results };
  } finally {
    await proxy.dispose();
  }
}

async function main() {
  const runs = Number(values.runs);
  const measured = [];
  for (const state of values.state ?? []) measured.push({ state, ...(await measure(state, runs)) });
  console.log(`\n## Median ms of ${runs} runs (domain call through local D1, one round trip each)\n`);
  console.log(`| query | ${measured.map((m) => `${m.count.toLocaleString("en-US")} listings`).join(" | ")} |`);
  console.log(`| --- | ${measured.map(() => "---:").join(" | ")} |`);
  for (const testCase of CASES) {
    const cells = measured.map((m) => m.results.get(testCase.label)!.toFixed(1));
    const growth =
      measured.length > 1
        ? ` (${(measured.at(-1)!.results.get(testCase.label)! / measured[0]!.results.get(testCase.label)!).toFixed(1)}×)`
        : "";
    console.log(`| ${testCase.label} | ${cells.join(" | ")}${growth} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
