// `npm run bench`: throughput and latency of pages and a static asset under the production
// build served by `wrangler dev`, all in one run, plus the bytes the home page sends.
// Figures are printed, never asserted: they go into the issue notes.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = 8790;
const BASE = `http://localhost:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const GROWTH = Number(process.env.BENCH_GROWTH ?? 10_000);

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
  await run("npx", ["tsx", "db/seed.ts", "--persist-to", STATE]);
}

function startServer(): ChildProcess {
  return spawn(
    "npx",
    ["wrangler", "dev", "--persist-to", STATE, "--port", String(PORT), "--ip", "127.0.0.1", "--var", "LOCAL_DEV:true", "--log-level", "warn"],
    { stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
}

async function stopServer(server: ChildProcess) {
  if (!server.pid) return;
  process.kill(-server.pid, "SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/** A buyer's session cookie: category pages need a login. */
async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email: "bea@payandbuy.local", password: "buyer-local-pass", website_confirm: "" }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-pb_session="));
  if (!cookie) throw new Error(`Sign-in for the bench failed (${response.status})`);
  return cookie.split(";")[0]!;
}

interface Load {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(label: string, path: string, cookie?: string): Promise<Load> {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: cookie ? { cookie } : {},
  });
  return {
    label,
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function bytesOf(path: string) {
  const response = await fetch(`${BASE}${path}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

function assetsOf(html: string) {
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const js = [
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return { css: [...new Set(css)], js: [...new Set(js)] };
}

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

function printLoads(title: string, loads: Load[]) {
  const staticRps = loads.find((l) => l.label === "static CSS")!.requestsPerSecond;
  console.log(`\n${title}: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, same wrangler dev\n`);
  console.log("| target | req/s | p50 ms | p99 ms | errors | vs static |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const l of loads) {
    console.log(
      `| ${l.label} (${l.path}) | ${l.requestsPerSecond.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.errors} | ${(l.requestsPerSecond / staticRps).toFixed(2)} |`,
    );
  }
}

/** Every target measured in the same run of one server. */
async function measure(staticAsset: string): Promise<Load[]> {
  const cookie = await signIn();
  await autocannon({ url: `${BASE}/`, connections: 4, duration: 2 });
  const loads: Load[] = [];
  loads.push(await load("home", "/"));
  loads.push(await load("blog", "/blog"));
  loads.push(await load("category, signed in", "/products/camera", cookie));
  loads.push(await load("static CSS", staticAsset));
  return loads;
}

async function main() {
  if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
  await prepareState();
  let server = startServer();
  let staticAsset = "";
  let seeded: Load[] = [];
  try {
    await waitFor(`${BASE}/api/health`);
    const html = await (await fetch(`${BASE}/`)).text();
    const assets = assetsOf(html);
    staticAsset = assets.css[0] ?? "";
    if (!staticAsset) throw new Error("The home page links no stylesheet");
    seeded = await measure(staticAsset);

    const page = await bytesOf("/");
    const css = await sum(assets.css);
    const js = await sum(assets.js);
    console.log("\nBytes of the home page\n");
    console.log("| what | files | raw | gzip |");
    console.log("|---|---:|---:|---:|");
    console.log(`| HTML | 1 | ${kb(page.raw)} | ${kb(page.gzip)} |`);
    console.log(`| CSS | ${css.count} | ${kb(css.raw)} | ${kb(css.gzip)} |`);
    console.log(`| JavaScript | ${js.count} | ${kb(js.raw)} | ${kb(js.gzip)} |`);
  } finally {
    await stopServer(server);
  }
  printLoads("Seed catalog (48 listings)", seeded);

  await run("npx", ["tsx", "bench/grow-catalog.ts", "--persist-to", STATE, "--count", String(GROWTH)]);
  server = startServer();
  try {
    await waitFor(`${BASE}/api/health`);
    const grown = await measure(staticAsset);
    printLoads(`Seed + ${GROWTH.toLocaleString("en-US")} listings`, grown);
    console.log("\np50 growth (grown / seed):");
    for (const [index, l] of grown.entries()) {
      const before = seeded[index]!;
      console.log(`- ${l.label}: ${before.p50} ms → ${l.p50} ms (${(l.p50 / Math.max(before.p50, 0.1)).toFixed(2)}x)`);
    }
  } finally {
    await stopServer(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
