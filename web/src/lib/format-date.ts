/**
 * Dates as the site shows them (en-US), in the reader's time zone or in UTC. The Worker renders
 * pages in UTC and the browser hydrates them so (web/src/components/ui/time.tsx), then shows the
 * reader's zone.
 */
// Dates are formatted by hand, in en-US form (as toLocaleString would): the first Intl/toLocale*
// call of a page loads the locale data, which took ~30 ms of main thread (×4 on a mid-range phone)
// in the first render of the news cards. The time has a plain space before AM/PM (newer ICU
// versions print a narrow no-break space there).
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "local": the reader's time zone; "utc": UTC (the same on the Worker and in every browser). */
export type DateZone = "local" | "utc";

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

function parts(iso: string | null | undefined, zone: DateZone): Parts | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return zone === "utc"
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() };
}

/** Long-form en-US date, e.g. "March 5, 2026" (news cards). Empty for a missing date. */
export function formatLongDate(iso: string | null | undefined, zone: DateZone = "local"): string {
  const p = parts(iso, zone);
  return p ? `${MONTHS[p.month]} ${p.day}, ${p.year}` : "";
}

/** Long-form en-US date and time, e.g. "March 5, 2026 at 3:04 PM" (article page). */
export function formatLongDateTime(iso: string | null | undefined, zone: DateZone = "local"): string {
  const p = parts(iso, zone);
  if (!p) return "";
  return `${MONTHS[p.month]} ${p.day}, ${p.year} at ${p.hours % 12 || 12}:${String(p.minutes).padStart(2, "0")} ${p.hours < 12 ? "AM" : "PM"}`;
}

/** Short en-US date for dense tables, e.g. "Mar 5, 2026". */
export function formatShortDate(iso: string | null | undefined, zone: DateZone = "local"): string {
  const p = parts(iso, zone);
  return p ? `${MONTHS[p.month]!.slice(0, 3)} ${p.day}, ${p.year}` : "";
}
