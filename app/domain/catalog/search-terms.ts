// What a person types into the search box, turned into an FTS5 query that can only mean
// "listings with all of these words" (ADR 0026). The text is never handed to MATCH as it is:
// FTS5 has its own syntax (quotes, *, ^, :, parentheses, AND, OR, NOT, NEAR), and a stray
// quote would be a syntax error, a 500.

/** The longest search text accepted, in characters. */
export const SEARCH_TEXT_MAX = 200;
/** Words after the tenth only narrow the search further; they are left out. */
export const SEARCH_TERMS_MAX = 10;

/** Anything that is not a letter, a digit or a combining mark separates parts of a word. */
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of a search: split on white space, each kept whole (so "f/1.8" stays one word and
 * matches as the phrase "f 1 8"), its punctuation and control characters made spaces, words
 * without a letter or a digit dropped, repeats dropped, at most SEARCH_TERMS_MAX.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.normalize("NFKC").split(/\s+/u)) {
    const term = word.replace(NOT_WORD, " ").trim().toLowerCase();
    if (!HAS_LETTER_OR_DIGIT.test(term) || terms.includes(term)) continue;
    terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

/**
 * The FTS5 query for a search text, or null when it has no word to search for. Each word is an
 * FTS5 string (in double quotes, so operators are plain words) and, from two characters on, a
 * prefix: "len" finds "lens", "a7" finds "a7iii". One-character words match whole words only,
 * since "a*" would read the index for every word starting with a. All words must match.
 */
export function toMatchQuery(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term}"${Array.from(term).length > 1 ? "*" : ""}`).join(" ");
}
