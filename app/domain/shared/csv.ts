// CSV as spreadsheets open it (RFC 4180): fields separated by commas, lines by CRLF, a field with
// a comma, a quote or a line break quoted and its quotes doubled. A field a spreadsheet would take
// for a formula (it starts with =, +, -, @, a tab or a carriage return) is written as text, with a
// leading apostrophe: a product's name is the seller's to choose, not a formula to run. A plain
// negative amount ("-12.50", a month that gave back more than it took) is a number, not a formula:
// it is written as it is, so the spreadsheet adds it up.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

function field(value: string | number | null): string {
  if (value === null) return "";
  const text =
    typeof value === "number" || NEGATIVE_NUMBER.test(value) || !FORMULA_START.test(value)
      ? String(value)
      : `'${value}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as one CSV document, the header row first; numbers are written as they are. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${rows.map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
