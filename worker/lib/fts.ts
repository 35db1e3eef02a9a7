/**
 * Turns a visitor's search text into a safe FTS5 MATCH expression. The text is split into words
 * (runs of letters, digits and combining marks — what FTS5's unicode61 tokenizer keeps), every
 * word becomes a quoted FTS string (so `AND`, `OR`, `NEAR`, `*`, `:`, `(` and quotes are just
 * text) and the words are joined with AND; the last word also matches as a prefix so results
 * follow typing. Answers null when the text has no words (search is then not applied).
 */
export const FTS_MAX_WORDS = 12;

export function ftsQuery(text: string): string | null {
  const words = text.normalize("NFC").match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu);
  if (!words?.length) return null;
  const used = words.slice(0, FTS_MAX_WORDS);
  return used.map((word, i) => `"${word}"${i === used.length - 1 ? "*" : ""}`).join(" AND ");
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
  return used.length ? used.map((w) => `"${w}"`).join(" OR ") : null;
}
