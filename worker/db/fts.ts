/**
 * Every FTS table's last column: `hidden` for a record guests may not see, empty for one they may
 * (kept by the triggers of migration 0022). Searches never match a visitor's words in it.
 */
const VISIBILITY = "visibility";

/** A visitor's expression over the searched columns only (every column but the visibility one). */
const searchedColumns = (expression: string) => `-{${VISIBILITY}} : (${expression})`;

/**
 * Turns a visitor's search text into a safe FTS5 MATCH expression. The text is split into words
 * (runs of letters, digits and combining marks — what FTS5's unicode61 tokenizer keeps), every
 * word becomes a quoted FTS string (so `AND`, `OR`, `NEAR`, `*`, `:`, `(` and quotes are just
 * text) and the words are joined with AND; the last word also matches as a prefix so results
 * follow typing. The words are looked for in the searched columns only, never in the visibility
 * column (`hidden` finds the word, not every hidden record). Answers null when the text has no
 * words (search is then not applied).
 */
export const FTS_MAX_WORDS = 12;

export function ftsQuery(text: string): string | null {
  const words = text.normalize("NFC").match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu);
  if (!words?.length) return null;
  const used = words.slice(0, FTS_MAX_WORDS);
  return searchedColumns(used.map((word, i) => `"${word}"${i === used.length - 1 ? "*" : ""}`).join(" AND "));
}

/**
 * A guest's form of an expression from `ftsQuery` or `ftsAnyQuery`: only records a guest may see
 * match, so the index's newest matches (the window a search reads, ADR 0040) are visible ones.
 */
export function visibleOnly(expression: string): string {
  return `(${expression}) NOT ${VISIBILITY} : hidden`;
}

/** Short words that say nothing about what a text is about (left out of "shared words"). */
const STOP_WORDS = new Set(
  "a an and are as at be by for from has have how in into is it its of on or that the their them then there these they this to was what when where which who why will with you your".split(
    " ",
  ),
);

/** The distinct content words of a text (lower-case, 3+ letters, no stop words), in order. */
export function contentWords(text: string): string[] {
  const words = text.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)))];
}

/** An FTS5 expression matching any of the words (each quoted), or null when there are none. */
export function ftsAnyQuery(words: readonly string[]): string | null {
  const used = words.slice(0, FTS_MAX_WORDS * 2);
  return used.length ? searchedColumns(used.map((w) => `"${w}"`).join(" OR ")) : null;
}
