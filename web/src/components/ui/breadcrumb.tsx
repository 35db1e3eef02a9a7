import { Link } from "react-router";

/** Home > … > current page. */
export function Breadcrumb({ trail, current }: { trail: { label: string; to: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((item) => (
          <li key={item.to} className="flex items-center gap-1.5">
            <Link to={item.to} className="rounded hover:text-brand-700 hover:underline dark:hover:text-brand-400">
              {item.label}
            </Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="max-w-full truncate text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
