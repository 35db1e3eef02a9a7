/** Fixed texts, classes and sizes of the gallery's components (/screenshots). */
import { groupDigits } from "@/lib/format-number";
import type { MediaTypeFilter } from "@shared/media-keys";

export const TYPE_OPTIONS: { value: MediaTypeFilter | null; label: string }[] = [
  { value: null, label: "All Types" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "gif", label: "GIFs" },
];

/** The filter bar's buttons: every chip, then an unpressed or a pressed one. */
export const FILTER_CHIP = {
  base: "inline-flex min-h-10 items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  idle: "border-line bg-surface text-ink hover:bg-surface-muted",
  active: "border-ink bg-ink text-surface",
} as const;

/** Thumbnails are 400 wide; the card shows them 16:9, so the box is known before they load. */
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 225;

/** SVG paths of the gallery's icons (24×24 view box). */
export const PLAY_ICON_PATH = "M8 5.14v13.72a1 1 0 0 0 1.52.85l10.29-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z";
export const EYE_ICON_PATH = "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z";
export const FILTER_ICON_PATH = "M3 5h18M6 12h12M10 19h4";

/** "1,234 views". */
export const formatViews = (n: number) => `${groupDigits(n)} ${n === 1 ? "view" : "views"}`;

/** How many filters are set (the Filters button's count, and whether "Showing: …" appears). */
export const activeFilterCount = (filters: { categoryId: number | null; mediaType: MediaTypeFilter | null }) =>
  (filters.categoryId ? 1 : 0) + (filters.mediaType ? 1 : 0);
