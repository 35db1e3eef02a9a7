import { formatLongDate, formatLongDateTime, formatShortDate } from "@/lib/format-date";
import { useHydrated } from "@/lib/hydrated";

const FORMATS = { date: formatLongDate, dateTime: formatLongDateTime, short: formatShortDate } as const;

/**
 * A date as a `<time>` element: "March 5, 2026" (`date`), "March 5, 2026 at 3:04 PM"
 * (`dateTime`) or "Mar 5, 2026" (`short`), in the reader's time zone. While the page is rendered
 * by the Worker and hydrated, in UTC (the same on both sides); the reader's zone right after.
 */
export function Time({ dateTime, format = "date", className }: { dateTime: string; format?: keyof typeof FORMATS; className?: string }) {
  const zone = useHydrated() ? "local" : "utc";
  return (
    <time dateTime={dateTime} className={className}>
      {FORMATS[format](dateTime, zone)}
    </time>
  );
}
