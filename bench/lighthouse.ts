// Lighthouse (mobile defaults) against a running server, driving Debian's Chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
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

export async function runLighthouse(base: string, paths: string[], cookie: string): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const results: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      const runner = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        extraHeaders: path.startsWith("/products/") ? { Cookie: cookie } : undefined,
      });
      const lhr = runner!.lhr;
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
