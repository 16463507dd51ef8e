// Lighthouse (mobile defaults) against a running server, driving Debian's Chromium. Each page is
// measured LIGHTHOUSE_RUNS times and the run Lighthouse itself calls the median (closest to the median FCP
// and time to interactive) is kept: one run's blocking time varies several-fold on a 2-core machine.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/chromium";

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  totalBytes: number;
  lcpMs: number;
}

/** Runs per page (BENCH_LIGHTHOUSE_RUNS, default 3). */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const MAX_FAILED_RUNS = 3;

export async function runLighthouse(base: string, paths: string[], cookie: string): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const results: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      const runs = [];
      // A run Lighthouse could not finish (it reports a runtime error and no paint) is taken
      // again, at most MAX_FAILED_RUNS times a page, and said on the console.
      let failed = 0;
      while (runs.length < LIGHTHOUSE_RUNS) {
        const runner = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: path.startsWith("/products/") ? { Cookie: cookie } : undefined,
        });
        const lhr = runner?.lhr;
        const fcp = lhr?.audits["first-contentful-paint"]?.numericValue;
        if (lhr && !lhr.runtimeError && typeof fcp === "number") {
          runs.push(lhr);
          continue;
        }
        failed++;
        console.warn(`Lighthouse run of ${path} failed: ${lhr?.runtimeError?.message ?? "no first paint measured"}`);
        if (failed > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed ${failed} times on ${path}`);
      }
      const lhr = computeMedianRun(runs);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      results.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        totalBytes: Number(lhr.audits["total-byte-weight"]?.numericValue ?? 0),
        lcpMs: Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
