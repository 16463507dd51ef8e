// `npm run size`: the Worker's upload size from `wrangler deploy --dry-run`, beside its budget.
// Exits non-zero over the budget, so CI fails before a deploy would get slower (ADR 0020, ADR 0060, ADR 0084, ADR 0090, ADR 0093).
// Needs a production build (`npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { BUDGET_GZIP_KIB } from "./bundle-budget";

const OUTDIR = ".deploy-check";

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(2);
}

const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", OUTDIR, "--metafile"], {
  encoding: "utf8",
});
const output = `${run.stdout}\n${run.stderr}`;
const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
if (run.status !== 0 || !size) {
  console.error(output);
  console.error("wrangler deploy --dry-run did not report the bundle size.");
  process.exit(2);
}

// The bundle builds without a word: a warning of wrangler's bundler (esbuild) is a defect of the
// build, such as the bare imports Rollup once repeated in every server chunk. Read without the
// terminal's colour codes.
const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
const warnings = plain.split("\n").filter((line) => /^▲ \[WARNING\]/.test(line));
if (warnings.length > 0) {
  console.error(output);
  console.error(`wrangler's bundler printed ${warnings.length} warning(s).`);
  process.exit(1);
}

// The bench's Worker wraps this one (bench/worker.ts): none of it ships.
const bundle = readFileSync(`${OUTDIR}/app.js`, "utf8");
const benchOnly = ["/__bench/floor", "X-D1-Round-Trips"].filter((marker) => bundle.includes(marker));
if (benchOnly.length > 0) {
  console.error(`The production bundle carries the bench's code (${benchOnly.join(", ")}).`);
  process.exit(1);
}

const [, total, gzip] = size;
const gzipKiB = Number(gzip);

// What weighs most (minified bytes per package), so a failure says where to look.
const meta = JSON.parse(readFileSync(`${OUTDIR}/bundle-meta.json`, "utf8")) as {
  outputs: Record<string, { inputs?: Record<string, { bytesInOutput: number }> }>;
};
const byPackage = new Map<string, number>();
for (const output of Object.values(meta.outputs)) {
  for (const [file, input] of Object.entries(output.inputs ?? {})) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split("/")[0]!;
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
}
const heaviest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8);

console.log(`Worker bundle: ${gzipKiB} KiB gzip (budget ${BUDGET_GZIP_KIB} KiB), ${total} KiB uncompressed`);
console.log("Heaviest parts (minified):");
for (const [name, bytes] of heaviest) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KiB  ${name}`);

if (gzipKiB > BUDGET_GZIP_KIB) {
  console.error(`Over budget by ${(gzipKiB - BUDGET_GZIP_KIB).toFixed(2)} KiB gzip.`);
  process.exit(1);
}
