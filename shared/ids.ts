/**
 * The one id contract: a record id in a URL path or query string is a whole number from 1 to
 * ID_MAX written in decimal digits, without a sign, a point, an exponent or leading zeros ("12",
 * never "012", "1e3", "1.0" or "-4"), so every record has one spelling. Anything else names no
 * record: the API answers 400 `validation_failed` (shared/schemas/query.ts `idParamSchema`), and a
 * page shows its "not found" view without asking.
 */

/** The largest id (SQLite's 32-bit signed range, which every table's ids stay within). */
export const ID_MAX = 2_147_483_647;

export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/** The page number in a page's URL (`?page=`): a positive integer written as `parseId` reads ids; anything else is page 1. */
export const parsePage = (text: string | null | undefined): number => parseId(text) ?? 1;
