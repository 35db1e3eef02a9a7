import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

/** Home › … › the current page (the last crumb, not a link). */
export function GameBreadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to && i < items.length - 1 ? (
              <Link to={item.to} className="hover:text-brand-700 hover:underline dark:hover:text-brand-400">
                {item.label}
              </Link>
            ) : (
              <span aria-current={i === items.length - 1 ? "page" : undefined} className="text-ink">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
