// Dollars exist only at the edges: one conversion for the pages' '$ 1,234.56' and the REST
// API's dollar fields, the inverse of the forms' parsing.
import { describe, expect, it } from "vitest";
import { dollarsToCents, formatMoney, toDollars } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { formatLongDate, formatPostedDate } from "#app/utils/format";

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
    expect(formatMoney(123_456)).toBe("$ 1,234.56");
    expect(formatMoney(5)).toBe("$ 0.05");
  });
});

describe("display formats built without Intl", () => {
  it("print prices as en-US number formatting does", () => {
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [
      0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 10_000_000, 123_456_789,
    ]) {
      expect(formatMoney(cents), String(cents)).toBe(`$ ${intl.format(cents / 100)}`);
    }
    expect(formatMoney(null)).toBeNull();
    expect(formatMoney(Number.NaN)).toBeNull();
  });

  it("print posted days as en-US date formatting does, in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    for (const iso of [
      "2026-01-01T00:00:00Z",
      "2026-11-25T23:59:59Z",
      "2024-02-29T12:00:00Z",
      "1999-12-31T08:00:00Z",
    ]) {
      expect(formatPostedDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
    expect(formatPostedDate("not a date")).toBeNull();
  });

  it("group counts and limits as en-US number formatting does", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, 4000, 10_000, 123_456, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000]) {
      expect(groupThousands(value), String(value)).toBe(intl.format(value));
    }
    expect(groupThousands(1234.9)).toBe("1,234");
  });

  it("print publication days as en-US long dates do, in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    for (const iso of ["2026-01-01", "2026-05-09T23:59:59Z", "2024-02-29", "1999-12-31T00:00:00Z"]) {
      expect(formatLongDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
  });
});
