// The reader's time zone (PRODUCT.md: dates in the reader's zone where the account has one, UTC
// said where it is used). Intl knows the zones' rules on the server; pages get a small table of
// the zone's offsets (app/utils/format.ts `Zone`) so the browser formats without Intl while a page
// hydrates. A table covers the years a page shows (from 2015 to two years ahead) and is made once
// per zone and isolate.
import { UTC_ZONE, type Zone } from "./dates";

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
const FROM = Date.UTC(2015, 0, 1);
const AHEAD = 2 * 366 * 24 * 60 * MINUTE;

/** The longest zone name IANA has is 30 characters ("America/Argentina/ComodRivadavia"-like, 32). */
export const TIME_ZONE_MAX = 64;

const clocks = new Map<string, Intl.DateTimeFormat>();
const names = new Map<string, Intl.DateTimeFormat>();
const tables = new Map<string, Zone>();

function clock(zone: string): Intl.DateTimeFormat {
  let format = clocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    clocks.set(zone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetAt(zone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of clock(zone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute);
  return Math.round((local - Math.floor(at / MINUTE) * MINUTE) / MINUTE);
}

/** The zone's short name at an instant, as en-US writes it: "EST", "GMT+1", "UTC". */
function abbreviationAt(zone: string, at: number): string {
  let format = names.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    names.set(zone, format);
  }
  return format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** A zone name Intl knows ("Europe/Berlin"), written as Intl writes it; null for anything else. */
export function knownTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name.length === 0 || name.length > TIME_ZONE_MAX) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone a reader can choose, as Intl lists them. */
export function timeZoneNames(): string[] {
  const all = Intl.supportedValuesOf("timeZone");
  return all.includes("UTC") ? all : ["UTC", ...all];
}

/**
 * The table of a zone: where its offset or its name changes, found by weekly steps and then to the
 * minute. An unknown or missing zone is UTC.
 */
export function zoneTable(name: string | null | undefined, now = Date.now()): Zone {
  const zone = name ? knownTimeZone(name) : null;
  if (!zone || zone === "UTC" || zone === "Etc/UTC") return UTC_ZONE;
  const cached = tables.get(zone);
  if (cached) return cached;
  const key = (at: number) => `${offsetAt(zone, at)} ${abbreviationAt(zone, at)}`;
  const shifts: Array<[number, number, string]> = [[-8.64e15, offsetAt(zone, FROM), abbreviationAt(zone, FROM)]];
  const until = now + AHEAD;
  let before = FROM;
  let state = key(before);
  for (let at = FROM + WEEK; at <= until; at += WEEK) {
    const next = key(at);
    if (next === state) {
      before = at;
      continue;
    }
    // The change lies in (before, at]: halve to the minute.
    let low = before;
    let high = at;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (key(middle) === state) low = middle;
      else high = middle;
    }
    shifts.push([high, offsetAt(zone, high), abbreviationAt(zone, high)]);
    before = at;
    state = next;
  }
  const table: Zone = { name: zone, shifts };
  tables.set(zone, table);
  return table;
}
