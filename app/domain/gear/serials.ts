// Serial numbers as stored and shown: one normal form, so "ab-12 345", "AB12345" and the same
// serial typed with look-alike letters of another script ("АВ12345" in Cyrillic) are one serial,
// and never more than the last three characters in public. Browser-safe.

export const SERIAL_MIN = 4;
export const SERIAL_MAX = 40;
/** How much of a serial anyone but its seller and the admin may see. */
export const SERIAL_SHOWN = 3;

export const SERIAL_MESSAGES = {
  length: `Serial number must have ${SERIAL_MIN} to ${SERIAL_MAX} letters and digits.`,
  characters:
    "Serial number may hold only the letters A–Z and the digits 0–9 as printed on the item (spaces, dashes, dots and slashes are left out). Type it with Latin letters.",
} as const;

/**
 * Look-alikes of the Latin letters A–Z and the digits 0–9 that Unicode compatibility folding
 * (NFKC) leaves alone: letters of other scripts that a reader cannot tell from the Latin one
 * (Cyrillic, Greek, Armenian, Cherokee, Lisu, Latin small capitals) and digits of other scripts
 * drawn like ours. Chosen by hand from the prototypes in Unicode's confusables data (UTS #39,
 * confusables.txt), keeping only single characters that read as one Latin letter or digit.
 * Upper- and lower-case look-alikes both fold to the letter (a serial is upper case); the ASCII
 * letters and digits themselves are never folded into one another ("O" stays apart from "0").
 * Fullwidth, mathematical, circled and Roman-numeral forms are folded by NFKC (foldSerial).
 */
export const SERIAL_LOOK_ALIKES: Readonly<Record<string, string>> = {
  A: "\u0410\u0430\u0391\u03B1\u13AA\u1D00\uA4EE",
  B: "\u0412\u0432\u0392\u13F4\u0299\uA4D0",
  C: "\u0421\u0441\u03F9\u03F2\u13DF\u1D04\uA4DA",
  D: "\u13A0\u1D05\uA4D3\u0501",
  E: "\u0415\u0435\u0395\u13AC\u1D07\uA4F0",
  F: "\u03DC\uA4DD",
  G: "\u050C\u050D\u13C0\u13FB\u0261\u0262\uA4D6",
  H: "\u041D\u043D\u04BB\u0397\u13BB\u029C\uA4E7",
  I: "\u0406\u0456\u04C0\u04CF\u0399\u0131\u026A\u01C0\uA4F2",
  J: "\u0408\u0458\u03F3\u13AB\u1D0A\uA4D9",
  K: "\u041A\u043A\u039A\u03BA\u13E6\u1D0B\uA4D7",
  L: "\u13DE\u029F\uA4E1",
  M: "\u041C\u043C\u039C\u03FA\u13B7\u1D0D\uA4DF",
  N: "\u039D\u0274\uA4E0",
  O: "\u041E\u043E\u039F\u03BF\u0555\u0585\u1D0F\uA4F3",
  P: "\u0420\u0440\u03A1\u03C1\u13E2\u1D18\uA4D1",
  Q: "\u051A\u051B",
  R: "\u13D2\u0280\uA4E3",
  S: "\u0405\u0455\u13DA\uA731\uA4E2",
  T: "\u0422\u0442\u03A4\u03C4\u13A2\u1D1B\uA4D4",
  U: "\u054D\u057D\u03C5\u1D1C\uA4F4",
  V: "\u0474\u0475\u03BD\u13D9\u1D20\uA4E6",
  W: "\u051C\u051D\u13B3\u1D21\uA4EA",
  X: "\u0425\u0445\u03A7\u03C7\uA4EB",
  Y: "\u04AE\u0443\u03A5\u13A9\u028F\uA4EC",
  Z: "\u0396\u13C3\u1D22\uA4DC",
  "0": "\u07C0\u0966\u09E6\u0AE6\u0B66\u0C66\u0CE6",
  "1": "\u0661",
  "2": "\u01A7\u14BF\uA644",
  "3": "\u0417\u0437\u04E0\u01B7\u021C",
  "4": "\u13CE",
  "5": "\u01BC",
  "6": "\u0431\u13EE",
  "7": "",
  "8": "\u0222\u0223\u09EA\u0A6A",
  "9": "\uA76E\u0A67\u09ED\u0B68",
};

const FOLD: ReadonlyMap<string, string> = new Map(
  Object.entries(SERIAL_LOOK_ALIKES).flatMap(([latin, alikes]) => [...alikes].map((alike) => [alike, latin])),
);

/** What people type between a serial's groups, left out: spaces, dashes, dots, slashes, invisibles. */
const SEPARATORS = /[\s\p{Z}\p{Cf}\p{Pd}._/\\#:,'·]/gu;

/**
 * A serial as a reader sees it: compatibility forms folded (NFKC: a full-width "１" is "1"),
 * look-alike letters and digits of other scripts folded to the Latin ones, ASCII letters upper
 * case, separators left out. Anything else is kept, for `readSerial` to refuse.
 */
export function foldSerial(value: string): string {
  // Folded before NFKC too: it would turn a few look-alikes (the lunate sigma "Ϲ") into letters
  // that look like nothing Latin.
  return foldLookAlikes(foldLookAlikes(value).normalize("NFKC"))
    .replace(SEPARATORS, "")
    .replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

function foldLookAlikes(value: string): string {
  let folded = "";
  for (const char of value) folded += FOLD.get(char) ?? char;
  return folded;
}

export type SerialReading = { ok: true; serial: string } | { ok: false; message: string };

/** A typed serial read into its normal form, or why it cannot be one (for the field). */
export function readSerial(value: string): SerialReading {
  const serial = foldSerial(value);
  if (!/^[A-Z0-9]*$/.test(serial)) return { ok: false, message: SERIAL_MESSAGES.characters };
  if (serial.length < SERIAL_MIN || serial.length > SERIAL_MAX) return { ok: false, message: SERIAL_MESSAGES.length };
  return { ok: true, serial };
}

/**
 * The normal form (see `foldSerial`), or null when nothing is left or a character is neither a
 * Latin letter, a digit nor a look-alike of one; for look-ups (the admin's search).
 */
export function normalizeSerial(value: string): string | null {
  const serial = foldSerial(value);
  return serial.length > 0 && /^[A-Z0-9]+$/.test(serial) ? serial : null;
}

/** "•••42K": the last three characters of a stored serial, the rest hidden. */
export function maskSerial(serial: string): string {
  return `•••${serial.slice(-SERIAL_SHOWN)}`;
}
