import { Link } from "react-router";

type Props = { page: number; totalPages: number; hrefFor(page: number): string };

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
const idleClass =
  "border-line bg-surface text-ink hover:bg-surface-muted";
const disabledClass = "border-line text-ink-muted opacity-50";

/** Previous / numbered / Next links as an accessible navigation landmark. Real links: shareable URLs. */
export function Pagination({ page, totalPages, hrefFor }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={`${itemClass} ${idleClass}`}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} ${disabledClass}`}>
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                className={`${itemClass} ${
                  p === page ? "border-brand-600 bg-brand-600 text-white dark:border-brand-500 dark:bg-brand-600" : idleClass
                }`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} rel="next" className={`${itemClass} ${idleClass}`}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} ${disabledClass}`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
