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
