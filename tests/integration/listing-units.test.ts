// The small rules of the listing page: the saving against new, amounts for structured data,
// the grade texts and inline JSON that cannot end its script.
import { describe, expect, it } from "vitest";
import { CONDITION_WORDS, conditionWords } from "#app/domain/catalog/conditions";
import { photoSources } from "#app/domain/catalog/photo-keys";
import { savingAgainstNew, toUnitsText } from "#app/domain/shared/money";
import { inlineJson, summary } from "#app/utils/listing-seo";
import { CONDITIONS } from "#db/closed-lists";
import { USD } from "./factories";

describe("savingAgainstNew", () => {
  it("answers the amount and the percentage rounded down, or nothing when not cheaper", () => {
    expect(savingAgainstNew(300_000, 195_000)).toEqual({ cents: 105_000, percent: 35 });
    // 99.6% is not "100%": never promise more than the truth.
    expect(savingAgainstNew(100_000, 400)).toEqual({ cents: 99_600, percent: 99 });
    expect(savingAgainstNew(1000, 999)).toEqual({ cents: 1, percent: 0 });
    expect(savingAgainstNew(1000, 1000)).toBeNull();
    expect(savingAgainstNew(1000, 1500)).toBeNull();
    expect(savingAgainstNew(0, 0)).toBeNull();
    expect(savingAgainstNew(Number.NaN, 10)).toBeNull();
  });
});

describe("toUnitsText", () => {
  it("writes cents as units with two decimals, without floating point", () => {
    expect(toUnitsText(195_000, USD)).toBe("1950.00");
    expect(toUnitsText(1999, USD)).toBe("19.99");
    expect(toUnitsText(5, USD)).toBe("0.05");
    expect(toUnitsText(10_000_000, USD)).toBe("100000.00");
  });

  it("keeps the sign of a negative amount, under one unit too", () => {
    expect(toUnitsText(-50, USD)).toBe("-0.50");
    expect(toUnitsText(-5, USD)).toBe("-0.05");
    expect(toUnitsText(-12_345, USD)).toBe("-123.45");
    expect(toUnitsText(0, USD)).toBe("0.00");
  });
});

describe("condition grades", () => {
  it("explain every grade the database accepts, and nothing else", () => {
    for (const condition of CONDITIONS) expect(conditionWords(condition)).toBe(CONDITION_WORDS[condition]);
    expect(Object.keys(CONDITION_WORDS).sort()).toEqual([...CONDITIONS].sort());
    expect(conditionWords("Platinum")).toBeNull();
    expect(conditionWords("toString")).toBeNull();
  });
});

describe("inlineJson", () => {
  it("escapes what could end a script or a line, and keeps the same JSON", () => {
    const value = { text: "</script><script>alert(1)</script> & <!-- \u2028\u2029 >" };
    const json = inlineJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("summary", () => {
  it("puts a description on one line and cuts it at a word before 160 characters", () => {
    expect(summary("One\n\ntwo   three")).toBe("One two three");
    const long = summary(`${"word ".repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});

describe("card photos", () => {
  it("offer cards the 320 and 640 renditions only, and the listing page the 1280 one too", () => {
    const stem = `p-${"a".repeat(32)}`;
    expect(photoSources(stem, "card")).toEqual({
      src: `/images/${stem}-640.webp`,
      srcSet: `/images/${stem}-320.webp 320w, /images/${stem}-640.webp 640w`,
    });
    expect(photoSources(stem, "card", 500)?.srcSet).toBe(
      `/images/${stem}-320.webp 320w, /images/${stem}-640.webp 500w`,
    );
    expect(photoSources(stem, "large")?.srcSet).toContain(`/images/${stem}-1280.webp 1280w`);
  });
});
