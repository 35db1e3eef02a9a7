/**
 * Dates as the site shows them (en-US). Shared by the SPA and the Worker's first-view HTML
 * (worker/pages/paint), which formats in UTC.
 */
// Dates are formatted by hand, in en-US form and the reader's time zone (as toLocaleString
// would): the first Intl/toLocale* call of a page loads the locale data, which took ~30 ms of
// main thread (×4 on a mid-range phone) in the first render of the news cards. The time has a
// plain space before AM/PM (newer ICU versions print a narrow no-break space there).
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Long-form en-US date, e.g. "March 5, 2026" (news cards). Empty for a missing date. */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return "";
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Long-form en-US date and time, e.g. "March 5, 2026 at 3:04 PM" (article page). */
export function formatLongDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return "";
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${formatLongDate(iso)} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** Short en-US date for dense tables, e.g. "Mar 5, 2026". */
export function formatShortDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return "";
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}
