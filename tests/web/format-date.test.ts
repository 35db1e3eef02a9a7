import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateTime, formatShortDate } from "@/lib/format-date";

// The hand-written formatters must print exactly what the en-US Intl formats would.
const samples = [
  "2026-03-05T15:04:00Z",
  "2026-01-01T00:00:00Z",
  "2025-12-31T23:59:59Z",
  "2024-02-29T12:00:00Z",
  "2026-09-05T00:30:00",
  "2026-07-14T12:07:00",
  "2026-11-23T11:59:00",
];

describe("format-date", () => {
  it("long date matches toLocaleDateString('en-US', long month)", () => {
    for (const iso of samples) {
      expect(formatLongDate(iso)).toBe(new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }));
    }
  });

  it("long date and time matches toLocaleString('en-US') with hour and minute", () => {
    for (const iso of samples) {
      const expected = new Date(iso).toLocaleString("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
      // ICU versions differ in the space before AM/PM (plain or narrow no-break); ours is plain.
      expect(formatLongDateTime(iso)).toBe(expected.replace("\u202f", " "));
    }
    expect(formatLongDateTime("2026-03-05T15:04:00")).toBe("March 5, 2026 at 3:04 PM");
    expect(formatLongDateTime("2026-03-05T00:04:00")).toBe("March 5, 2026 at 12:04 AM");
  });

  it("short date matches toLocaleDateString('en-US', short month)", () => {
    for (const iso of samples) {
      expect(formatShortDate(iso)).toBe(new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }));
    }
    expect(formatShortDate("2026-09-05T12:00:00")).toBe("Sep 5, 2026");
  });

  it("is empty for a missing or invalid date", () => {
    for (const format of [formatLongDate, formatLongDateTime, formatShortDate]) {
      expect(format(null)).toBe("");
      expect(format(undefined)).toBe("");
      expect(format("")).toBe("");
      expect(format("not a date")).toBe("");
    }
  });
});
