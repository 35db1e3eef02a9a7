import { useEffect, useState } from "react";

/** The search is applied this long after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;

type Props = {
  /** The search filter currently applied (from the URL). */
  value: string;
  onSearch(value: string): void;
};

/**
 * The news search box. What the visitor types is applied 500 ms after typing stops, and only
 * when it differs from the current filter. Enter applies it at once.
 */
export function NewsSearchBox({ value, onSearch }: Props) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The filter changed elsewhere (Clear All Filters, back button): show it in the box.
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative">
      <label htmlFor="news-search" className="sr-only">
        Search articles
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="8.5" cy="8.5" r="5.5" />
        <path d="m13 13 4 4" strokeLinecap="round" />
      </svg>
      <input
        id="news-search"
        type="search"
        value={text}
        placeholder="Search articles..."
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && text.trim() !== value) onSearch(text.trim());
        }}
        className="w-full rounded-lg border border-line bg-surface py-2 pr-3 pl-9 text-sm text-ink placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
      />
    </div>
  );
}
