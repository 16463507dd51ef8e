// Dollars exist only at the edges: one conversion for the pages' '$ 1,234.56' and the REST
// API's dollar fields, the inverse of the forms' parsing.
import { describe, expect, it } from "vitest";
import { dollarsToCents, toDollars } from "../../app/domain/money";
import { formatPrice } from "../../app/utils/format";

describe("toDollars", () => {
  it("is the inverse of the forms' parsing, and what the pages format", () => {
    for (const [text, cents] of [
      ["0.01", 1],
      ["19.99", 1999],
      ["1250.5", 125_050],
      ["100000", 10_000_000],
    ] as const) {
      expect(dollarsToCents(text)).toBe(cents);
      expect(toDollars(cents)).toBe(Number(text));
      expect(dollarsToCents(String(toDollars(cents)))).toBe(cents);
    }
    expect(formatPrice(123_456)).toBe("$ 1,234.56");
    expect(formatPrice(5)).toBe("$ 0.05");
  });
});
