// Serial numbers as stored and shown: one normal form, so "ab-12 345" and "AB12345" are the same
// serial, and never more than the last three characters in public. Browser-safe.

export const SERIAL_MIN = 4;
export const SERIAL_MAX = 40;
/** How much of a serial anyone but its seller and the admin may see. */
export const SERIAL_SHOWN = 3;

/**
 * The normal form: Unicode compatibility forms folded (a full-width "１" is "1"), letters upper
 * case, and only letters A–Z and digits kept (makers print serials with spaces, dashes, dots and
 * slashes that people copy or leave out). Null when nothing is left.
 */
export function normalizeSerial(value: string): string | null {
  const kept = value
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return kept.length > 0 ? kept : null;
}

/** "•••42K": the last three characters of a stored serial, the rest hidden. */
export function maskSerial(serial: string): string {
  return `•••${serial.slice(-SERIAL_SHOWN)}`;
}
