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

function startServer(): ChildProcess {
  return spawn("bash", ["tests/e2e/serve.sh", String(PORT), ".bench-state"], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

interface Load {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(label: string, path: string): Promise<Load> {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
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

async function main() {
  if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
  const server = startServer();
  try {
    await waitFor(`${BASE}/api/health`);
    const html = await (await fetch(`${BASE}/`)).text();
    const assets = assetsOf(html);
    const staticAsset = assets.css[0];
    if (!staticAsset) throw new Error("The home page links no stylesheet");

    // Warm up, then measure every target in the same run.
    await autocannon({ url: `${BASE}/`, connections: 4, duration: 2 });
    const loads: Load[] = [];
    for (const [label, path] of [
      ["home /", "/"],
      ["blog /blog", "/blog"],
      ["static CSS", staticAsset],
    ] as const) {
      loads.push(await load(label, path));
    }
    const staticRps = loads.find((l) => l.label === "static CSS")!.requestsPerSecond;

    console.log(`\nLoad: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, same wrangler dev\n`);
    console.log("| target | req/s | p50 ms | p99 ms | errors | vs static |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const l of loads) {
      console.log(
        `| ${l.label} (${l.path}) | ${l.requestsPerSecond.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.errors} | ${(l.requestsPerSecond / staticRps).toFixed(2)} |`,
      );
    }

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
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
