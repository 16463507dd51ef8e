// One page-number rule for every paginated page and call (category pages, the admin lists and
// their REST twins): a whole number from 1 to MAX_LIST_PAGE, anything else the first page.
import { describe, expect, it } from "vitest";
import { MAX_LIST_PAGE, readListQuery, readPage } from "../../app/domain/list-query";

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
