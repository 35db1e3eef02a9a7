/**
 * Record ids in URLs and query strings are positive integers written in decimal digits only
 * ("12", never "012x", "1e3" or "-4"). Anything else names no record.
 */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[0-9]{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** The page number in a URL's `?page=`: a positive integer written as `parseId` reads ids; anything else is page 1. */
export const parsePage = (text: string | null | undefined): number => parseId(text) ?? 1;
