import { Link } from "react-router";
import { paths } from "@shared/paths";

/** Tag chips; each links to the news list filtered by that tag. */
export function TagChips({ tags, className = "" }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-1.5 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={paths.news({ tag })}
            className="inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-900 hover:bg-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
