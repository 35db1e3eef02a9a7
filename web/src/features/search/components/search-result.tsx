import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import type { SearchHit } from "@shared/search";
import { SearchSnippet } from "./search-snippet";

/** One result: its title links to the page; drafts and inactive rows (moderators only) are marked. */
export function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <li className="rounded-xl border border-line bg-surface p-4 transition-colors hover:border-brand-600/50">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-display text-lg font-semibold text-ink">
          <Link
            to={hit.path}
            className="rounded-sm hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-400"
          >
            {hit.title}
          </Link>
        </h3>
        {hit.visible ? null : <Badge tone="warning">Not public</Badge>}
      </div>
      {hit.snippet.length > 0 ? <SearchSnippet parts={hit.snippet} /> : null}
    </li>
  );
}
