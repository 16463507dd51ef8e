// Measures one matching pass of saved searches (ADR 0062) at size: 10,000 saved searches (500
// users with 20 each, words and filters as people save them, one in ten without words) and 100,000
// listings, in a local D1 made for the run in a temporary folder (removed after). Prints the time
// of a pass over the next MATCH_BATCH listings, and of the letters it plans.
//   tsx bench/alerts.ts [--searches 10000] [--listings 100000] [--passes 5]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { MATCH_BATCH, matchNewListings, planLetters } from "#app/domain/alerts/matching.server";
import { normaliseSearch } from "#app/domain/alerts/saved-searches.server";
import { currencyOf } from "#app/domain/shared/money";
import { database } from "#db/client";
import { CONDITIONS } from "#db/closed-lists";
import { categoryRow, userRow } from "#db/factories";
import { categories, products, savedSearches, savedSearchScan, users } from "#db/schema";

const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "10000" },
    listings: { type: "string", default: "100000" },
    passes: { type: "string", default: "5" },
  },
});

const BRANDS = ["Canon", "Nikon", "Sony", "Fujifilm", "Leica", "Olympus", "Pentax", "Sigma", "Tamron", "Panasonic"];
const KINDS = ["lens", "body", "tripod", "flash", "bag", "filter", "grip", "strap"];
const TITLES = ["Camera", "Lens", "Tripod", "Accessories"];

/** The i-th saved search: one or two words, often a price cap, sometimes a category or grade. */
function searchOf(i: number): string {
  const params = new URLSearchParams();
  if (i % 10 !== 0) {
    const words = [BRANDS[i % BRANDS.length]!, ...(i % 3 === 0 ? [KINDS[(i >> 2) % KINDS.length]!] : [])];
    params.set("q", words.join(" "));
  }
  if (i % 2 === 0) params.set("max", String(200 + (i % 1500)));
  if (i % 5 === 0) params.set("category", TITLES[i % TITLES.length]!.toLowerCase());
  if (i % 7 === 0) params.set("condition", CONDITIONS[i % 3]!);
  // Saved searches are unique per user: the number keeps the price caps apart.
  if (!params.has("max")) params.set("min", String(i));
  return params.toString();
}

/** The seed's currency (wrangler.toml's PAYMENT_CURRENCY): the bench reads the same money the app would. */
const currency = currencyOf("usd");

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function main() {
  const searchCount = Number(values.searches);
  const listingCount = Number(values.listings);
  const state = mkdtempSync(join(tmpdir(), "pay-and-buy-alerts-"));
  try {
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
      stdio: "ignore",
    });
    const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${state}/v3` } });
    try {
      const db = database(proxy.env.DB);
      const cats = TITLES.map((title, position) => ({ ...categoryRow({ title, position }), id: crypto.randomUUID() }));
      const seller = { ...userRow({ role: "seller", verifiedAt: new Date() }), id: crypto.randomUUID() };
      const people = Array.from({ length: Math.ceil(searchCount / 20) }, () => ({
        ...userRow({ role: "buyer" }),
        id: crypto.randomUUID(),
      }));
      await db.batch([db.insert(categories).values(cats), db.insert(users).values(seller)]);
      for (let start = 0; start < people.length; start += 10) {
        await db.insert(users).values(people.slice(start, start + 10));
      }
      let started = Date.now();
      for (let start = 0; start < searchCount; start += 400) {
        const statements = [];
        for (let i = start; i < Math.min(searchCount, start + 400); i++) {
          const normal = normaliseSearch(searchOf(i), { camera: null }, currency);
          if (!normal.ok) throw new Error(`${searchOf(i)}: ${normal.message}`);
          statements.push(
            db.insert(savedSearches).values({
              userId: people[Math.floor(i / 20)]!.id,
              name: `Search ${i}`,
              query: normal.query,
              matchQuery: normal.matchQuery,
            }),
          );
        }
        const [first, ...rest] = statements;
        await db.batch([first!, ...rest]);
      }
      console.log(`${searchCount} saved searches in ${Date.now() - started} ms`);
      started = Date.now();
      // Listings written by SQLite itself, 10,000 a statement (the full-text triggers run as for
      // any listing): a row per statement through the proxy would take many minutes.
      const brandOf = sql.raw(
        `case i % ${BRANDS.length} ${BRANDS.map((b, n) => `when ${n} then '${b}'`).join(" ")} end`,
      );
      const kindOf = sql.raw(
        `case (i / ${BRANDS.length}) % ${KINDS.length} ${KINDS.map((k, n) => `when ${n} then '${k}'`).join(" ")} end`,
      );
      const categoryOf = sql.raw(
        `case i % ${cats.length} ${cats.map((c, n) => `when ${n} then '${c.id}'`).join(" ")} end`,
      );
      for (let from = 0; from < listingCount; from += 10_000) {
        const to = Math.min(listingCount, from + 10_000) - 1;
        await db.run(sql`with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to})
          insert into products (id, seller_id, category_id, name, description, condition, original_price_cents,
            resale_price_cents, purchase_year, contact, location)
          select lower(hex(randomblob(16))), ${seller.id}, ${categoryOf}, ${brandOf} || ' ' || ${kindOf} || ' ' || i,
            'A synthetic listing for the bench.', case i % 3 when 0 then 'Excellent' when 1 then 'Good' else 'Fair' end,
            300000, 10000 + (i * 7919) % 200000, 2020, '+1 415 555 0100', 'Bench City'
          from n`);
      }
      console.log(`${listingCount} listings in ${Date.now() - started} ms`);

      const passes = Number(values.passes);
      const [{ last } = { last: 0 }] = await db.select({ last: sql<number>`max(rowid)` }).from(products);
      const times: number[] = [];
      const letterTimes: number[] = [];
      let matches = 0;
      for (let pass = 0; pass < passes; pass++) {
        // The newest MATCH_BATCH listings, as if they had just appeared; their matches are new.
        await db.update(savedSearchScan).set({ lastRowid: last - (pass + 1) * MATCH_BATCH });
        await db.run(sql`delete from saved_search_matches`);
        const start = performance.now();
        const found = await matchNewListings(db, currency);
        times.push(performance.now() - start);
        matches = found.matches;
        const planned = performance.now();
        await planLetters(db, Date.now() + pass * 25 * 3600 * 1000);
        letterTimes.push(performance.now() - planned);
      }
      console.log(
        JSON.stringify({
          savedSearches: searchCount,
          listings: listingCount,
          listingsPerPass: MATCH_BATCH,
          matchesPerPass: matches,
          passMsMedian: Math.round(median(times)),
          passMs: times.map(Math.round),
          letterPlanningMsMedian: Math.round(median(letterTimes)),
        }),
      );
    } finally {
      await proxy.dispose();
    }
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
