// One page-number rule for every paginated page and call (category pages, the admin lists and
// their REST twins): a whole number from 1 to MAX_LIST_PAGE, anything else the first page.
import { describe, expect, it } from "vitest";
import {
  COUNT_CAP,
  countLabel,
  countLimit,
  LIST_PAGE_SIZE,
  MAX_LIST_PAGE,
  readListQuery,
  readPage,
  toCappedPage,
} from "#app/domain/shared/list-query";

describe("readPage", () => {
  it("reads whole page numbers in range and falls back to page 1 for anything else", () => {
    const cases: [string | null | undefined, number][] = [
      ["2", 2],
      [" 3 ", 3],
      [String(MAX_LIST_PAGE), MAX_LIST_PAGE],
      [null, 1],
      [undefined, 1],
      ["", 1],
      ["0", 1],
      ["-5", 1],
      ["2.5", 1],
      ["2abc", 1],
      ["abc", 1],
      [String(MAX_LIST_PAGE + 1), 1],
      ["99999999999999999999", 1],
    ];
    for (const [value, page] of cases) expect(readPage(value), String(value)).toBe(page);
  });

  it("is the admin lists' rule too", () => {
    for (const value of ["2", "0", "2abc", "99999999999"]) {
      expect(readListQuery(new URLSearchParams({ page: value })).page, value).toBe(readPage(value));
    }
  });
});

describe("the capped count of the storefront's lists", () => {
  const page = (counted: number, number: number, size = LIST_PAGE_SIZE) => {
    const { total, capped, pageCount } = toCappedPage([], counted, number, size);
    return { total, capped, pageCount };
  };

  it("counts one row past the cap, or past the page asked for", () => {
    expect(countLimit(1)).toBe(COUNT_CAP + 1);
    expect(countLimit(50)).toBe(COUNT_CAP + 1);
    expect(countLimit(51)).toBe(51 * LIST_PAGE_SIZE + 1);
    expect(countLimit(1, 12)).toBe(COUNT_CAP + 1);
    expect(countLimit(100, 12)).toBe(1201);
  });

  it("gives the exact total up to the cap", () => {
    expect(page(0, 1)).toEqual({ total: 0, capped: false, pageCount: 1 });
    expect(page(21, 1)).toEqual({ total: 21, capped: false, pageCount: 2 });
    expect(page(COUNT_CAP, 1)).toEqual({ total: COUNT_CAP, capped: false, pageCount: 50 });
  });

  it("says 1,000+ past the cap and keeps a next page while there are more rows", () => {
    expect(page(COUNT_CAP + 1, 1)).toEqual({ total: COUNT_CAP, capped: true, pageCount: 51 });
    // Page 50 of a large search: the count read 1,001 rows, so a page 51 exists.
    expect(page(COUNT_CAP + 1, 50)).toEqual({ total: COUNT_CAP, capped: true, pageCount: 51 });
    // Page 51: the count read up to 1,021 rows; 1,005 found means page 51 is the last.
    expect(page(1005, 51)).toEqual({ total: COUNT_CAP, capped: true, pageCount: 51 });
    expect(page(51 * LIST_PAGE_SIZE + 1, 51)).toEqual({ total: COUNT_CAP, capped: true, pageCount: 52 });
  });

  it("labels the count for people", () => {
    expect(countLabel({ total: 1, capped: false }, "result", "results")).toBe("1 result");
    expect(countLabel({ total: 0, capped: false }, "result", "results")).toBe("0 results");
    expect(countLabel({ total: 999, capped: false }, "listing", "listings")).toBe("999 listings");
    expect(countLabel({ total: COUNT_CAP, capped: true }, "result", "results")).toBe("1,000+ results");
  });
});
