// The docs stay true to the figures the code holds: a guide names the Worker's gzip budget only
// as scripts/bundle-budget.ts has it (the testing guide's "Budgets and measurements over time"
// keeps the old ones, and ends on today's), and an ADR that a later one supersedes says so on its
// status line ("Superseded by ADR NNNN").
import { describe, expect, it } from "vitest";
import { BUDGET_GZIP_KIB } from "../../scripts/bundle-budget";

const GUIDES = import.meta.glob<string>(["/docs/guides/*.md", "/README.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const ADRS = import.meta.glob<string>(["/docs/decisions/*.md"], { query: "?raw", import: "default", eager: true });
const HISTORY = "## Budgets and measurements over time";

/** A guide's text without the history section (the one place old figures are kept). */
function current(text: string): string {
  const start = text.indexOf(HISTORY);
  if (start === -1) return text;
  const next = text.indexOf("\n## ", start + HISTORY.length);
  return text.slice(0, start) + (next === -1 ? "" : text.slice(next));
}

describe("the docs' figures", () => {
  it("every guide that names the Worker's gzip budget names today's", () => {
    expect(Object.keys(GUIDES).length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const [path, text] of Object.entries(GUIDES)) {
      for (const paragraph of current(text).split(/\n\s*\n/)) {
        if (!/budget/i.test(paragraph)) continue;
        for (const figure of paragraph.matchAll(/(\d+(?:\.\d+)?) KiB/g)) {
          if (Number(figure[1]) !== BUDGET_GZIP_KIB) wrong.push(`${path}: ${figure[0]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the history of budgets ends on today's figure", () => {
    const testing = GUIDES["/docs/guides/testing.md"]!;
    const history = testing.slice(testing.indexOf(HISTORY));
    expect(history.length).toBeLessThan(testing.length);
    const budgets = [...history.matchAll(/^\| [\d-]+ +\| (\d+) KiB +\| ADR (\d{4})/gm)];
    expect(budgets.length).toBeGreaterThan(1);
    expect(Number(budgets.at(-1)![1])).toBe(BUDGET_GZIP_KIB);
    // Each budget after the first is a decision that supersedes the one before it, and says so.
    for (const [index, budget] of budgets.entries()) {
      if (index === budgets.length - 1) continue;
      const adr = Object.entries(ADRS).find(([path]) => path.includes(`/${budget[2]}-`));
      expect(adr, `ADR ${budget[2]}`).toBeDefined();
      expect(statusOf(adr![1]), `ADR ${budget[2]}`).toContain(`Superseded by ADR ${budgets[index + 1]![2]}`);
    }
  });

  it("an ADR a later one supersedes says so on its status line", () => {
    const numbered = Object.entries(ADRS).map(([path, text]) => ({
      number: /\/(\d{4})-/.exec(path)?.[1] ?? "",
      status: statusOf(text),
    }));
    const missing: string[] = [];
    for (const later of numbered) {
      // "supersedes ADR 0048", "Supersedes the aliases of ADR 0020 and ADR 0083", "supersedes ADR
      // 0084's figure", "revises the figure of ADR 0020".
      const clauses = later.status.matchAll(/(?:supersedes|revises the figure of)\b([^·);]*)/gi);
      for (const named of [...clauses].flatMap((clause) => [...clause[1]!.matchAll(/ADR (\d{4})/g)])) {
        const earlier = numbered.find((adr) => adr.number === named[1]);
        if (!earlier?.status.includes(`Superseded by ADR ${later.number}`)) {
          missing.push(`ADR ${named[1]} does not say "Superseded by ADR ${later.number}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** The status line of an ADR: from "Status:" to the first blank line. */
function statusOf(text: string): string {
  const start = text.indexOf("Status:");
  if (start === -1) return "";
  const end = text.indexOf("\n\n", start);
  return text.slice(start, end === -1 ? undefined : end).replace(/\n/g, " ");
}
