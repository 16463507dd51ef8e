// Dates, one way everywhere (PRODUCT.md: "2 Dec 2026", in the reader's zone where the account has
// one, UTC said where it is used; ADR 0104). Formatted by hand, not through Intl: this code runs in
// the browser while a page hydrates (see app/utils/format.ts). The zone's table is made on the
// server (app/server/time-zones.server.ts). Pure and browser-safe; pages, letters and messages use it.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time zone as the pages need it, made on the server from Intl's data (time-zones.server.ts) so
 * that the browser formats by arithmetic: from each instant in `shifts` (ms since the epoch, the
 * first one at or before any date shown) the zone is `offsetMinutes` ahead of UTC and its short
 * name is `abbreviation` ("EST", "GMT+1").
 */
export interface Zone {
  name: string;
  shifts: ReadonlyArray<readonly [from: number, offsetMinutes: number, abbreviation: string]>;
}

/** The zone of a reader who has not chosen one: UTC, and every time says so. */
export const UTC_ZONE: Zone = { name: "UTC", shifts: [[-8.64e15, 0, "UTC"]] };

type DateInput = Date | string | number | null | undefined;

/** The reader's calendar and clock at an instant: the UTC fields of the shifted date. */
function inZone(date: DateInput, zone: Zone): { local: Date; abbreviation: string } | null {
  if (date == null) return null;
  const at = new Date(date).getTime();
  if (Number.isNaN(at)) return null;
  let shift: Zone["shifts"][number] = zone.shifts[0] ?? [0, 0, "UTC"];
  for (const candidate of zone.shifts) {
    if (candidate[0] > at) break;
    shift = candidate;
  }
  return { local: new Date(at + shift[1] * 60_000), abbreviation: shift[2] };
}

/**
 * A day, one way everywhere (PRODUCT.md): "2 Dec 2026", never "2/12/2026", which a US reader
 * takes for 12 February. In the reader's zone; UTC for a reader without one.
 */
export function formatDay(date: DateInput, zone: Zone = UTC_ZONE): string | null {
  const value = inZone(date, zone);
  if (!value) return null;
  const { local } = value;
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** A moment, with its zone said: "25 Nov 2026, 14:00 UTC", "25 Nov 2026, 09:00 EST". */
export function formatMoment(date: DateInput, zone: Zone = UTC_ZONE): string | null {
  const value = inZone(date, zone);
  if (!value) return null;
  const hours = String(value.local.getUTCHours()).padStart(2, "0");
  const minutes = String(value.local.getUTCMinutes()).padStart(2, "0");
  return `${formatDay(date, zone)}, ${hours}:${minutes} ${value.abbreviation}`;
}

/** The spec's short 12-hour time, with its zone said: "3:05 PM UTC" (by hand: ICU versions differ in the space). */
export function formatTime(date: DateInput, zone: Zone = UTC_ZONE): string | null {
  const value = inZone(date, zone);
  if (!value) return null;
  const hours = value.local.getUTCHours();
  const minutes = String(value.local.getUTCMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"} ${value.abbreviation}`;
}

/** The zone as a caption says it: "UTC", "Europe/Berlin time". */
export function zoneWords(zone: Zone): string {
  return zone.name === "UTC" ? "UTC" : `${zone.name.replaceAll("_", " ")} time`;
}
