/** Dates as the site shows them (en-US). Shared by the SPA and the Worker's first-view HTML (worker/pages/paint), which formats in UTC. */

/** Long-form en-US date, e.g. "March 5, 2026" (news cards). Empty for a missing date. */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

/** Long-form en-US date and time, e.g. "March 5, 2026 at 3:04 PM" (article page). */
export function formatLongDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** Short en-US date for dense tables, e.g. "Mar 5, 2026". */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
