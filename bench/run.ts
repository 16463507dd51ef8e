// `npm run bench`: throughput and latency of pages and a static asset under the production
// build served by `wrangler dev`, all in one run, plus the bytes the home page sends.
// Figures are printed, never asserted: they go into the issue notes.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { get as httpGet } from "node:http";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BUDGET_GZIP_KIB } from "../scripts/bundle-budget";
import { totpCode } from "../tests/e2e/totp";
import { COUNT_REQUEST_HEADER, ROUND_TRIPS_HEADER } from "./d1-counter";
import { measureIntlCost } from "./intl-cost";
import { LIGHTHOUSE_RUNS, type LighthouseScores, runLighthouse } from "./lighthouse";

const PORT = Number(process.env.BENCH_PORT ?? 8790);
const BASE = `http://localhost:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Listings added for the growth figures (0 skips them). */
const GROWTH = Number(process.env.BENCH_GROWTH ?? 100_000);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

const STATE = ".bench-state";

/** A fresh local state with the migrations and the demo seed. */
async function prepareState() {
  await run("rm", ["-rf", STATE]);
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  await run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE]);
}

/**
 * The production build under `wrangler dev`, wrapped by the bench's Worker (bench/worker.ts: the
 * floor, and the D1 round trips of each answer), bundled as `wrangler deploy` bundles it: wrangler
 * defines `process.env.NODE_ENV` as "development" for `dev`, which puts React's development
 * server renderer (with its checks and warnings) in the Worker; the deployed Worker has the
 * production one.
 */
function startServer(): ChildProcess {
  return spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "bench/worker.ts",
      "--persist-to",
      STATE,
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--var",
      "LOCAL_DEV:true",
      "--log-level",
      "warn",
      "--test-scheduled",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: { ...process.env, NODE_ENV: "production", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
}

async function stopServer(server: ChildProcess) {
  if (!server.pid) return;
  process.kill(-server.pid, "SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/** The seeded admin's authenticator key (README: local data only). */
const ADMIN_TOTP_KEY = "PAYANDBUYDEMOADMINLOCALONLY23456";

/**
 * A demo account's session cookie (the buyer's by default): category pages need a login. An
 * account with two-factor sign-in (the admin) answers the code its key makes.
 */
async function signIn(email = "bea@payandbuy.local", password = "buyer-local-pass", totpKey?: string): Promise<string> {
  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-pb_session="))
      ?.split(";")[0];
  const post = (path: string, form: Record<string, string>, cookie = "") =>
    fetch(`${BASE}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, cookie },
      body: new URLSearchParams(form),
    });
  const response = await post("/login", { email, password, website_confirm: "" });
  let session = sessionOf(response);
  if (!session && totpKey && response.headers.get("Location") === "/login/two-factor") {
    const pending = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // A code is used once: the next step's code if this one was taken.
    for (const offset of [0, 1]) {
      session = sessionOf(await post("/login/two-factor", { code: totpCode(totpKey, offset) }, pending));
      if (session) break;
    }
  }
  if (!session) throw new Error(`Sign-in for the bench failed (${response.status})`);
  return session;
}

interface Load {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * Responses the edge cache answered (X-Cache: HIT) out of all that carried the header; null
   * without it.
   */
  hitRatio: number | null;
}

/**
 * Any cookie makes the edge cache step aside (ADR 0037): a signed-out request with this one
 * measures the server behind the cache, as before the cache existed.
 */
const PAST_THE_CACHE = "pb_bench=past-the-cache";

/** Seconds of the same load, not counted, before each measured one: a cold path is not measured. */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);

async function load(label: string, path: string, cookie?: string, verdictHeader = "x-cache"): Promise<Load> {
  const verdicts = { hit: 0, seen: 0 };
  if (WARM_UP_S > 0) {
    await autocannon({
      url: `${BASE}${path}`,
      connections: CONNECTIONS,
      duration: WARM_UP_S,
      headers: cookie ? { cookie } : {},
    });
  }
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: cookie ? { cookie } : {},
    setupClient: (client) => {
      // autocannon passes the parser's record, whose `headers` is the raw [name, value, …] list.
      client.on("headers", (info) => {
        const raw = (info as unknown as { headers?: string[] }).headers ?? [];
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i]!.toLowerCase() !== verdictHeader) continue;
          verdicts.seen++;
          if (raw[i + 1] === "HIT") verdicts.hit++;
        }
      });
    },
  });
  return {
    label,
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    hitRatio: verdicts.seen > 0 ? verdicts.hit / verdicts.seen : null,
  };
}

/**
 * The bytes of the whole response as it crosses the wire: its status line and headers, and its
 * body as the server compressed it. A response of at most ten TCP segments (14,600 bytes) arrives
 * in the first round trip of a new connection; a byte more costs a whole round trip.
 */
function wireBytesOf(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${BASE}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      }
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function bytesOf(path: string) {
  const response = await fetch(`${BASE}${path}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

function assetsOf(html: string) {
  // The stylesheets the page carries inline (ADR 0045) keep a parked link that fetches nothing.
  const links = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  const css = links.filter((link) => !link.includes("data-inlined-stylesheet")).map((link) => hrefOf(link));
  const inlined = [...html.matchAll(/<link[^>]+data-inlined-stylesheet="([^"]+)"/g)].map((m) => m[1]!);
  const js = [
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
    // The modules a page asks for once it has loaded (ADR 0043), listed on the parked script.
    ...[...html.matchAll(/<script[^>]+data-modulepreload="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")),
    ...[...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return { css: [...new Set(css)], inlined: [...new Set(inlined)], js: [...new Set(js)] };
}

const hrefOf = (link: string) => (/href="([^"#]+)/.exec(link)?.[1] ?? "") as string;

async function sum(paths: string[]) {
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const size = await bytesOf(path);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip, count: paths.length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A phone as Lighthouse's mobile run sees it: 412 CSS px wide at 1.75 device pixels per px. */
const PHONE = { width: 412, dpr: 1.75 };

/** The CSS width a `sizes` attribute gives at the phone's width (its media queries, then calc). */
function slotWidth(sizes: string): number {
  for (const entry of sizes.split(",").map((part) => part.trim())) {
    const media = /^\(min-width:\s*(\d+)px\)\s+(.+)$/.exec(entry);
    if (media && PHONE.width < Number(media[1])) continue;
    const length = media ? media[2]! : entry;
    const calc = /^calc\((\d+)vw\s*-\s*(\d+)px\)$/.exec(length);
    if (calc) return (PHONE.width * Number(calc[1])) / 100 - Number(calc[2]);
    const vw = /^(\d+)vw$/.exec(length);
    if (vw) return (PHONE.width * Number(vw[1])) / 100;
    const px = /^(\d+)px$/.exec(length);
    if (px) return Number(px[1]);
  }
  return PHONE.width;
}

/**
 * The card photos the home page makes a phone load: for each card <img>, the srcset candidate
 * Chromium picks for the phone, and its bytes.
 */
async function cardImages(html: string) {
  const images = [...html.matchAll(/<article[\s\S]*?<img([^>]*)>/g)].map((m) => m[1]!);
  const picked: Array<{ url: string; bytes: number }> = [];
  for (const attributes of images) {
    const srcset = /srcSet="([^"]+)"|srcset="([^"]+)"/.exec(attributes);
    const sizes = /sizes="([^"]+)"/.exec(attributes)?.[1];
    const src = /src="([^"]+)"/.exec(attributes)?.[1];
    let url = src;
    if (srcset && sizes) {
      const slot = slotWidth(sizes);
      const candidates = (srcset[1] ?? srcset[2]!)
        .split(",")
        .map((part) => part.trim().split(/\s+/))
        .map(([candidate, width]) => ({ url: candidate!, width: Number.parseInt(width ?? "0", 10) }))
        .sort((a, b) => a.width - b.width);
      // As Chromium picks: the first dense enough, or the one before it when the geometric mean
      // of their densities is still above the phone's.
      const density = (index: number) => candidates[index]!.width / slot;
      let index = candidates.findIndex((_, i) => density(i) >= PHONE.dpr);
      if (index < 0) index = candidates.length - 1;
      else if (index > 0 && Math.sqrt(density(index - 1) * density(index)) > PHONE.dpr) index -= 1;
      url = candidates[index]?.url;
    }
    if (!url) continue;
    const response = await fetch(`${BASE}${url.replaceAll("&amp;", "&")}`);
    picked.push({ url, bytes: (await response.arrayBuffer()).byteLength });
  }
  return picked;
}

const FLOOR = "Worker floor";
const STATIC = "static CSS";
const rps = (loads: Load[], label: string) => loads.find((l) => l.label === label)!.requestsPerSecond;

function printLoads(title: string, loads: Load[]) {
  const floor = rps(loads, FLOOR);
  const staticFile = rps(loads, STATIC);
  console.log(
    `\n${title}: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARM_UP_S} s not counted, same wrangler dev\n`,
  );
  console.log("| target | req/s | p50 ms | p99 ms | errors | vs floor | vs static | cache HIT |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const l of loads) {
    const hits = l.hitRatio === null ? "-" : `${(l.hitRatio * 100).toFixed(1)} %`;
    console.log(
      `| ${l.label} (${l.path}) | ${l.requestsPerSecond.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.errors} | ${(l.requestsPerSecond / floor).toFixed(2)} | ${(l.requestsPerSecond / staticFile).toFixed(2)} | ${hits} |`,
    );
  }
}

/** The signed-out pages the edge cache answers, measured through it (ADR 0037). */
const CACHED = ["home", "blog", "listing"];

/** Signed-in pages, rendered for their visitor on every request (ADR 0049). */
const SIGNED_IN = ["category, signed in", "my orders, signed in", "my products, seller"];

/**
 * The pages whose p50 may grow at most 1.5x with the catalog: each shows the same page at both
 * sizes (My Products grows with the seller's listings: its first page is full at both).
 */
const GROWTH_BUDGETED = ["home, past the cache", ...SIGNED_IN, "search, past the cache"];

/** Every target measured in the same run of one server. */
async function measure(staticAsset: string, listing: string, floorBytes: number): Promise<Load[]> {
  const cookie = await signIn();
  const seller = await signIn("maya@payandbuy.local", "seller-local-pass");
  await autocannon({ url: `${BASE}/`, connections: 4, duration: 2 });
  // One visit each stores the cached pages, as any visitor before the load would.
  for (const path of ["/", "/blog", listing]) await (await fetch(`${BASE}${path}`)).arrayBuffer();
  const loads: Load[] = [];
  loads.push(await load("home", "/"));
  loads.push(await load("blog", "/blog"));
  loads.push(await load("listing", listing));
  // The server behind the cache: what the growth of the catalog changes.
  loads.push(await load("home, past the cache", "/", PAST_THE_CACHE));
  // Rendered for their visitor on every request (ADR 0049).
  loads.push(await load("category, signed in", "/products/camera", cookie));
  loads.push(await load("my orders, signed in", "/dashboard/my_orders", cookie));
  loads.push(await load("my products, seller", "/dashboard/my_product", seller));
  // A search whose first page is full at both sizes (40 matches in the seed, 76,000 at +100,000),
  // so its growth compares the same page: the cost of the catalog, not of more cards.
  loads.push(await load("search, past the cache", "/search?q=camera", PAST_THE_CACHE));
  // Two words (ADR 0042): 5 results in the seed, a full page of 2,386 matches at +100,000. Its
  // growth includes rendering 15 more cards; shown, not budgeted.
  loads.push(await load("two-word search, past the cache", "/search?q=canon+lens", PAST_THE_CACHE));
  // The least any answer of the Worker costs: a constant body of the home page's size, nothing else
  // run. A static file is served without the Worker; a page from the edge cache cannot be.
  loads.push(await load(FLOOR, `/__bench/floor?bytes=${floorBytes}`));
  loads.push(await load(STATIC, staticAsset));
  return loads;
}

/** D1 round trips of one page load, as the counting binding reports them. */
async function roundTrips(path: string, cookie?: string): Promise<number> {
  const response = await fetch(`${BASE}${path}`, {
    headers: { [COUNT_REQUEST_HEADER]: "1", ...(cookie ? { cookie } : {}) },
  });
  await response.arrayBuffer();
  return Number(response.headers.get(ROUND_TRIPS_HEADER) ?? NaN);
}

const mark = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");

/** The Worker's upload size, gzip, as `npm run size` reports it from `wrangler deploy --dry-run`. */
function bundleBudget(): [string, string, string, boolean] {
  const size = spawnSync("npx", ["tsx", "scripts/check-bundle-size.ts"], { encoding: "utf8" });
  const gzip = Number(/Worker bundle: ([\d.]+) KiB gzip/.exec(size.stdout)?.[1] ?? Number.NaN);
  return [
    "Worker bundle, gzip (npm run size)",
    `${gzip} KiB`,
    `<= ${BUDGET_GZIP_KIB} KiB`,
    size.status === 0 && gzip <= BUDGET_GZIP_KIB,
  ];
}

function printBudgets(rows: Array<[string, string, string, boolean]>) {
  console.log("\nBudgets\n");
  console.log("| figure | measured | budget | |");
  console.log("|---|---:|---:|---|");
  for (const [figure, measured, budget, ok] of rows)
    console.log(`| ${figure} | ${measured} | ${budget} | ${mark(ok)} |`);
}

async function main() {
  if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
  await prepareState();
  let server = startServer();
  let staticAsset = "";
  let listing = "";
  let floorBytes = 0;
  let seeded: Load[] = [];
  const budgets: Array<[string, string, string, boolean]> = [];
  let lighthouseScores: LighthouseScores[] = [];
  try {
    await waitFor(`${BASE}/api/health`);
    const html = await (await fetch(`${BASE}/`)).text();
    const assets = assetsOf(html);
    // The frame's stylesheet, a static file whether the page links it or carries it inline.
    staticAsset = assets.css[0] ?? assets.inlined[0] ?? "";
    if (!staticAsset) throw new Error("The home page has no stylesheet");
    listing = /href="(\/listings\/[^"?#]+)"/.exec(html)?.[1] ?? "";
    if (!listing) throw new Error("The home page links no listing");
    floorBytes = Buffer.byteLength(html);
    seeded = await measure(staticAsset, listing, floorBytes);

    const page = await bytesOf("/");
    const css = await sum(assets.css);
    const js = await sum(assets.js);
    console.log("\nBytes of the home page\n");
    console.log("| what | files | raw | gzip |");
    console.log("|---|---:|---:|---:|");
    console.log(
      `| HTML${assets.inlined.length ? `, with ${assets.inlined.length} stylesheet inline` : ""} | 1 | ${kb(page.raw)} | ${kb(page.gzip)} |`,
    );
    console.log(`| CSS linked | ${css.count} | ${kb(css.raw)} | ${kb(css.gzip)} |`);
    console.log(`| JavaScript | ${js.count} | ${kb(js.raw)} | ${kb(js.gzip)} |`);
    budgets.push([
      "home HTML + render-blocking CSS, gzip",
      kb(page.gzip + css.gzip),
      "<= 14.6 KB",
      page.gzip + css.gzip <= 14.6 * 1024,
    ]);
    // The same page as the wire carries it, headers included (from the edge cache, as visitors get it).
    await wireBytesOf("/");
    const wire = await wireBytesOf("/");
    budgets.push([
      "home's first response on the wire (headers + gzip HTML)",
      `${wire.toLocaleString("en-US")} B`,
      "<= 14,600 B (10 TCP segments: one round trip)",
      wire <= 14_600,
    ]);
    budgets.push(["home JavaScript, gzip", kb(js.gzip), "<= 100 KB", js.gzip <= 100 * 1024]);
    const cards = await cardImages(html);
    if (cards.length === 0) throw new Error("The home page shows no card photo");
    const largestCard = Math.max(...cards.map((card) => card.bytes));
    console.log(
      `\nCard photos a ${PHONE.width} px phone at ${PHONE.dpr}x loads: ${cards.length}, ` +
        `${kb(cards.reduce((total, card) => total + card.bytes, 0))} in all, the largest ${kb(largestCard)}`,
    );
    budgets.push(["card image, largest (mobile)", kb(largestCard), "<= 30 KB", largestCard <= 30 * 1024]);
    if (process.env.BENCH_LIGHTHOUSE === "false") {
      // Without Lighthouse, the weight of what the page itself names: HTML, CSS, JS (gzip), photos.
      const weight = page.gzip + css.gzip + js.gzip + cards.reduce((total, card) => total + card.bytes, 0);
      budgets.push(["home weight, HTML+CSS+JS+card photos (mobile)", kb(weight), "<= 250 KB", weight <= 250 * 1024]);
    }

    const cookie = await signIn();
    const seller = await signIn("maya@payandbuy.local", "seller-local-pass");
    const admin = await signIn("admin@payandbuy.local", "admin-local-pass", ADMIN_TOTP_KEY);
    // The buyer's payment page, found on My Orders as a buyer finds it.
    const orders = await (await fetch(`${BASE}/dashboard/my_orders`, { headers: { cookie } })).text();
    const payment = /href="(\/dashboard\/payment\/[^"?#]+)"/.exec(orders)?.[1];
    if (!payment) throw new Error("My Orders links no payment page");
    // The seller's edit page of a listing, found on My Products.
    const mine = await (await fetch(`${BASE}/dashboard/my_product`, { headers: { cookie: seller } })).text();
    const editPage = /href="(\/dashboard\/my_product\/[^"?#]+\/edit)"/.exec(mine)?.[1];
    if (!editPage) throw new Error("My Products links no edit page");
    // A conversation of the buyer's, found on Messages.
    const inbox = await (await fetch(`${BASE}/dashboard/messages`, { headers: { cookie } })).text();
    const conversation = /href="(\/dashboard\/messages\/[^"?#]+)"/.exec(inbox)?.[1];
    if (!conversation) throw new Error("Messages links no conversation");
    // Past the cache: a page the cache answers costs no round trip at all.
    for (const [label, path, as] of [
      ["home", "/", PAST_THE_CACHE],
      ["blog", "/blog", PAST_THE_CACHE],
      ["listing", listing, PAST_THE_CACHE],
      ["login", "/login", undefined],
      ["category, signed in", "/products/camera", cookie],
      ["my orders, signed in", "/dashboard/my_orders", cookie],
      ["wishlist, signed in", "/dashboard/wishlist", cookie],
      ["my products, seller", "/dashboard/my_product", seller],
      ["my buyers, seller", "/dashboard/my_buyer", seller],
      ["reported items, admin", "/dashboard/reported_items", admin],
      ["claims, admin", "/dashboard/claims", admin],
      ["payouts, seller", "/dashboard/payouts", seller],
      ["settings, signed in", "/dashboard/settings", cookie],
      ["payment page, buyer", payment, cookie],
      ["add product, seller", "/dashboard/add_product", seller],
      ["edit a listing, seller", editPage, seller],
      ["messages, signed in", "/dashboard/messages", cookie],
      // Reading a conversation marks it read: a write, after the read proves the reader a party.
      ["a conversation, buyer", conversation, cookie],
    ] as const) {
      const trips = await roundTrips(path, as);
      budgets.push([`D1 round trips: ${label}`, String(trips), "<= 1", trips <= 1]);
    }
    const hit = await fetch(`${BASE}/`, { headers: { [COUNT_REQUEST_HEADER]: "1" } });
    await hit.arrayBuffer();
    const hitTrips = Number(hit.headers.get(ROUND_TRIPS_HEADER) ?? Number.NaN);
    budgets.push([`D1 round trips: home (${hit.headers.get("X-Cache")})`, String(hitTrips), "0", hitTrips === 0]);

    if (process.env.BENCH_LIGHTHOUSE !== "false") {
      // The public pages a buyer lands on, and a signed-in category page (login-only and noindex:
      // its SEO stays below 100 by design and has no budget).
      lighthouseScores = await runLighthouse(
        BASE,
        ["/", "/login", listing, "/search?q=canon+lens", "/products/camera"],
        cookie,
      );
    }
  } finally {
    await stopServer(server);
  }
  printLoads("Seed catalog", seeded);
  const floorRps = rps(seeded, FLOOR);
  const ofFloor = (labels: string[]) =>
    seeded
      .filter((l) => labels.includes(l.label))
      .map((l) => `${l.label} ${((l.requestsPerSecond / floorRps) * 100).toFixed(0)} %`)
      .join(", ");
  console.log(
    `\nThe Worker's floor (${kb(floorBytes)} of constant text, nothing else run) serves ` +
      `${((floorRps / rps(seeded, STATIC)) * 100).toFixed(0)} % of the static file's req/s; ` +
      `from the edge cache, ${ofFloor(CACHED)} of the floor's; rendered for their visitor, ${ofFloor(SIGNED_IN)}.`,
  );
  if (lighthouseScores.length) {
    console.log(`\nLighthouse (mobile defaults; the median of ${LIGHTHOUSE_RUNS} runs per page)\n`);
    console.log(
      "| page | performance (100) | accessibility (100) | best practices (100) | SEO (100) | total bytes | LCP (<= 1.0 s) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of lighthouseScores) {
      console.log(
        `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${kb(r.totalBytes)} | ${Math.round(r.lcpMs)} ms |`,
      );
      budgets.push([`Lighthouse performance ${r.path}`, String(r.performance), "100", r.performance === 100]);
      budgets.push([`Lighthouse accessibility ${r.path}`, String(r.accessibility), "100", r.accessibility === 100]);
      budgets.push([`Lighthouse best practices ${r.path}`, String(r.bestPractices), "100", r.bestPractices === 100]);
      if (!r.path.startsWith("/products/")) {
        budgets.push([`Lighthouse SEO ${r.path}`, String(r.seo), "100", r.seo === 100]);
      }
      budgets.push([`Lighthouse LCP ${r.path}`, `${Math.round(r.lcpMs)} ms`, "<= 1,000 ms", r.lcpMs <= 1000]);
    }
    const home = lighthouseScores.find((r) => r.path === "/");
    if (home)
      budgets.push(["home total weight (mobile)", kb(home.totalBytes), "<= 250 KB", home.totalBytes <= 250 * 1024]);
    // Why the pages format by hand (app/utils/format.ts): a figure, not a budget.
    const intl = await measureIntlCost();
    console.log(
      `\nThe first Intl formatter in a page, at Lighthouse's 4x CPU slowdown: ${intl.firstFormatterMs.toFixed(1)} ms ` +
        `(a task over 50 ms counts as blocking time); the same price formatted by hand: ${intl.byHandMs.toFixed(2)} ms.`,
    );
  }
  // Against the Worker's floor: what any answer of the Worker costs, not a file served without it.
  for (const l of seeded.filter((l) => CACHED.includes(l.label))) {
    const ratio = l.requestsPerSecond / floorRps;
    budgets.push([`${l.label} req/s vs floor (edge cache)`, `${(ratio * 100).toFixed(0)} %`, ">= 90 %", ratio >= 0.9]);
    const hits = l.hitRatio ?? 0;
    budgets.push([`${l.label} X-Cache hit ratio`, `${(hits * 100).toFixed(1)} %`, ">= 99 %", hits >= 0.99]);
  }
  // The signed-in page the budget names; My Orders and My Products are printed beside it and
  // budgeted for growth below.
  const categoryRatio = rps(seeded, "category, signed in") / floorRps;
  budgets.push([
    "category, signed in req/s vs floor",
    `${(categoryRatio * 100).toFixed(0)} %`,
    ">= 20 %",
    categoryRatio >= 0.2,
  ]);
  budgets.push(bundleBudget());

  if (GROWTH <= 0) {
    printBudgets(budgets);
    return;
  }
  await run("npx", ["tsx", "bench/grow-catalog.ts", "--persist-to", STATE, "--count", String(GROWTH)]);
  server = startServer();
  try {
    await waitFor(`${BASE}/api/health`, 300_000);
    const grown = await measure(staticAsset, listing, floorBytes);
    printLoads(`Seed + ${GROWTH.toLocaleString("en-US")} listings`, grown);
    console.log("\np50 growth (grown / seed):");
    for (const [index, l] of grown.entries()) {
      const before = seeded[index]!;
      const growth = l.p50 / Math.max(before.p50, 0.1);
      console.log(`- ${l.label}: ${before.p50} ms → ${l.p50} ms (${growth.toFixed(2)}x)`);
      if (GROWTH_BUDGETED.includes(l.label)) {
        budgets.push([
          `${l.label} p50 growth at +${GROWTH.toLocaleString("en-US")} listings`,
          `${growth.toFixed(2)}x`,
          "<= 1.5x",
          growth <= 1.5,
        ]);
      }
    }
  } finally {
    await stopServer(server);
  }
  printBudgets(budgets);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
