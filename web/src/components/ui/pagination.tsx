import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = { page: number; totalPages: number } & (
  | {
      /** Link mode: every page is a real link (shareable URLs, the page number lives in the URL). */
      hrefFor(page: number): string;
      onPage?: never;
    }
  | {
      /** Button mode: the owner keeps the page in state; the new page is announced. */
      onPage(page: number): void;
      hrefFor?: never;
    }
);

/** Page numbers to show: first, last, and the current page with its neighbours; gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

const itemClass =
  "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none";
const idleClass = "border-line bg-surface text-ink hover:bg-surface-muted";
// White on brand-700: 5.2:1 (brand-600 was 3.6:1, under WCAG AA for this text size).
const currentClass = "border-brand-700 bg-brand-700 text-white";
const disabledClass = "border-line text-ink-muted opacity-50";

/**
 * The one pagination: Previous, numbered pages (first, last, current ± 1, gaps as …) and Next,
 * as a navigation landmark. Renders nothing for a single page.
 */
export function Pagination({ page, totalPages, hrefFor, onPage }: Props) {
  if (totalPages <= 1) return null;

  const item = (target: number, content: ReactNode, extra: { rel?: string; label?: string; current?: boolean } = {}) => {
    const className = `${itemClass} ${extra.current ? currentClass : idleClass}`;
    const common = { "aria-label": extra.label, "aria-current": extra.current ? ("page" as const) : undefined, className };
    return hrefFor ? (
      <Link to={hrefFor(target)} rel={extra.rel} {...common}>
        {content}
      </Link>
    ) : (
      <button type="button" onClick={() => onPage(target)} {...common}>
        {content}
      </button>
    );
  };
  const disabled = (text: string) => (
    <span aria-disabled="true" className={`${itemClass} ${disabledClass}`}>
      {text}
    </span>
  );

  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-2">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>{page > 1 ? item(page - 1, "Previous", { rel: "prev" }) : disabled("Previous")}</li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={p}>{item(p, p, { label: `Page ${p}`, current: p === page })}</li>
          ),
        )}
        <li>{page < totalPages ? item(page + 1, "Next", { rel: "next" }) : disabled("Next")}</li>
      </ul>
      {onPage ? (
        <p className="text-sm text-ink-muted" aria-live="polite">
          Page {page} of {totalPages}
        </p>
      ) : null}
    </nav>
  );
}
