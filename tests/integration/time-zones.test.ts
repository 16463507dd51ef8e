// Dates in the reader's zone (ADR 0104): the browser-safe formats over the server's zone tables
// write what Intl writes for the same zone, across daylight-saving changes, and UTC says so.
import { describe, expect, it } from "vitest";
import { formatDay, formatMoment, formatTime, UTC_ZONE } from "#app/domain/shared/dates";
import { knownTimeZone, timeZoneNames, zoneTable } from "#app/domain/shared/time-zones.server";

const ZONES = ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Adelaide", "Pacific/Chatham", "UTC"];

/** Instants around the days a zone changes its clocks, and ordinary ones, from 2016 to next year. */
function instants(): number[] {
  const out: number[] = [];
  for (let at = Date.UTC(2016, 0, 1, 0, 17); at < Date.UTC(2027, 11, 31); at += 61 * 3600_000 + 13 * 60_000) {
    out.push(at);
  }
  // New York's and Berlin's changes of 2026, a minute either side.
  for (const change of [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 2, 29, 1)]) {
    out.push(change - 60_000, change, change + 60_000);
  }
  return out;
}

describe("dates in the reader's zone", () => {
  it("write the day and the clock Intl writes for the zone, at every instant", () => {
    for (const name of ZONES) {
      const zone = zoneTable(name);
      const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: name });
      const clock = new Intl.DateTimeFormat("en-GB", {
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: name,
      });
      const abbreviation = new Intl.DateTimeFormat("en-US", { timeZone: name, timeZoneName: "short" });
      for (const at of instants()) {
        const parts = abbreviation.formatToParts(at);
        const short = parts.find((part) => part.type === "timeZoneName")?.value;
        // en-GB writes "Sept" for September where en-US and the pages write "Sep".
        const expectedDay = day.format(at).replace("Sept", "Sep");
        expect(formatDay(at, zone), `${name} ${new Date(at).toISOString()}`).toBe(expectedDay);
        expect(formatMoment(at, zone), `${name} ${new Date(at).toISOString()}`).toBe(
          `${expectedDay}, ${clock.format(at)} ${short}`,
        );
      }
    }
  });

  it("say UTC for a reader without a zone, and never write a day as digits", () => {
    const at = Date.UTC(2026, 11, 2, 15, 5);
    expect(formatDay(at)).toBe("2 Dec 2026");
    expect(formatMoment(at)).toBe("2 Dec 2026, 15:05 UTC");
    expect(formatTime(at)).toBe("3:05 PM UTC");
    expect(formatTime(at, zoneTable("America/New_York"))).toBe("10:05 AM EST");
    expect(formatDay(at, zoneTable("Pacific/Kiritimati"))).toBe("3 Dec 2026");
    expect(formatDay("not a date")).toBeNull();
    expect(formatMoment(null)).toBeNull();
    expect(zoneTable(null)).toBe(UTC_ZONE);
    expect(zoneTable("Not/AZone")).toBe(UTC_ZONE);
  });

  it("knows the zones Intl knows, and no other name", () => {
    expect(knownTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(knownTimeZone("europe/berlin")).toBe("Europe/Berlin");
    for (const bad of ["", "Mars/Olympus", "x".repeat(200), 42, null, "<script>"]) {
      expect(knownTimeZone(bad)).toBeNull();
    }
    const names = timeZoneNames();
    expect(names).toContain("UTC");
    expect(names).toContain("America/New_York");
  });

  it("keep a zone's table small: a daylight-saving zone changes twice a year", () => {
    const berlin = zoneTable("Europe/Berlin", Date.UTC(2026, 11, 2));
    expect(berlin.shifts.length).toBeLessThan(2 * 15);
    expect(JSON.stringify(berlin).length).toBeLessThan(1200);
    expect(zoneTable("Asia/Kolkata").shifts).toHaveLength(1);
  });
});
