// Amounts exist in whole units only at the edges: one conversion for the pages' '$ 1,234.56', the
// REST API's amount fields and the forms' parsing, in the configured currency and its own subunits.
import { describe, expect, it } from "vitest";
import { currencyOf, formatMoney, parseMoney, toUnits, toUnitsText } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { amountsIn, USD } from "./factories";

const EUR = currencyOf("eur");
const JPY = currencyOf("JPY");
const KWD = currencyOf("kwd");

describe("currencies", () => {
  it("take their symbol, subunits and words from Intl's data", () => {
    expect(USD).toEqual({ code: "USD", symbol: "$", digits: 2, words: "US dollars" });
    expect(EUR).toEqual({ code: "EUR", symbol: "€", digits: 2, words: "euros" });
    expect(JPY).toEqual({ code: "JPY", symbol: "¥", digits: 0, words: "Japanese yen" });
    expect(KWD.digits).toBe(3);
    expect(() => currencyOf("dollars")).toThrow(RangeError);
  });
});

describe("toUnits", () => {
  it("is the inverse of the forms' parsing, and what the pages format", () => {
    for (const [text, cents] of [
      ["0.01", 1],
      ["19.99", 1999],
      ["1250.5", 125_050],
      ["100000", 10_000_000],
    ] as const) {
      expect(parseMoney(text, USD)).toBe(cents);
      expect(toUnits(cents, USD)).toBe(Number(text));
      expect(parseMoney(String(toUnits(cents, USD)), USD)).toBe(cents);
    }
    expect(formatMoney(123_456, USD)).toBe("$\u00a01,234.56");
    expect(formatMoney(5, USD)).toBe(amountsIn("$ 0.05"));
  });

  it("counts each currency in its own subunits", () => {
    expect(parseMoney("1500", JPY)).toBe(1500);
    expect(parseMoney("15.5", JPY)).toBeNull();
    expect(toUnits(1500, JPY)).toBe(1500);
    expect(formatMoney(1_234_567, JPY)).toBe(amountsIn("¥ 1,234,567"));
    expect(toUnitsText(1500, JPY)).toBe("1500");
    expect(parseMoney("1.234", KWD)).toBe(1234);
    expect(formatMoney(1234, KWD)).toMatch(/\u00a01\.234$/);
    expect(toUnitsText(-50, EUR)).toBe("-0.50");
    expect(formatMoney(99, EUR)).toBe(amountsIn("€ 0.99"));
    expect(parseMoney("€ 12.50", EUR)).toBe(1250);
    expect(parseMoney("12.505", EUR)).toBeNull();
  });
});

describe("display formats built without Intl", () => {
  it("print prices with the digits of Intl's en-US currency format, in every currency", () => {
    for (const currency of [USD, EUR, JPY, KWD]) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.code });
      for (const cents of [
        0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 10_000_000, 123_456_789, -250,
      ]) {
        const digits = (text: string) => text.replace(/[^0-9.,-]/g, "");
        expect(digits(formatMoney(cents, currency)), `${cents} ${currency.code}`).toBe(
          digits(intl.format(cents / 10 ** currency.digits)),
        );
        expect(formatMoney(cents, currency).startsWith(`${currency.symbol}\u00a0`)).toBe(true);
      }
    }
    expect(formatMoney(null, USD)).toBeNull();
    expect(formatMoney(Number.NaN, USD)).toBeNull();
  });

  it("group counts and limits as en-US number formatting does", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, 4000, 10_000, 123_456, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000]) {
      expect(groupThousands(value), String(value)).toBe(intl.format(value));
    }
    expect(groupThousands(1234.9)).toBe("1,234");
  });
});
