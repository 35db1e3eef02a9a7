/**
 * A URL slug from text: accents dropped, lower-case letters and digits, every other run of
 * characters one hyphen, no hyphen at either end, at most `max` characters
 * ("Fan Art!" → "fan-art", "Your first week!" → "your-first-week").
 */
export function toSlug(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}
