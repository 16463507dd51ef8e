// The numbers of gear as people type them: focal lengths, f-numbers, shutter counts. Free of the
// model list, for the search form's checks in the browser. Browser-safe.

export const GEAR_LIMITS = {
  name: 80,
  serialInput: 60,
  shutterCountMax: 10_000_000,
  focalMinMm: 1,
  focalMaxMm: 2000,
  apertureMin: 0.7,
  apertureMax: 64,
} as const;

const FOCAL = /^(\d{1,4}(?:\.\d)?)\s*(?:mm)?$/i;
const APERTURE = /^(?:f\s*\/?\s*)?(\d{1,2}(?:\.\d{1,2})?)$/i;

/** "24", "4.5mm" → millimetres; null for anything else. */
export function readFocal(text: string): number | null {
  const match = FOCAL.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= GEAR_LIMITS.focalMinMm && value <= GEAR_LIMITS.focalMaxMm ? value : null;
}

/** "2.8", "f/2.8", "F1.4" → the f-number; null for anything else. */
export function readAperture(text: string): number | null {
  const match = APERTURE.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= GEAR_LIMITS.apertureMin && value <= GEAR_LIMITS.apertureMax ? value : null;
}

/** "68,000" or "68 000" → 68000; null for anything else. */
export function readShutterCount(text: string): number | null {
  const compact = text.trim().replace(/[ ,\u00a0\u202f]/g, "");
  if (!/^\d{1,9}$/.test(compact)) return null;
  const value = Number(compact);
  return value <= GEAR_LIMITS.shutterCountMax ? value : null;
}
