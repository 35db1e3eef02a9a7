import { useId } from "react";
import { Link } from "react-router";
import { useBacklinks, type BacklinkTarget } from "../api/get-backlinks";

/**
 * "What links here": the guides and news whose bodies link to this record or embed its stat card
 * (docs/design/wiki.md). Its read is part of the page's first view (`backlinksKey`); shown only
 * when something links here.
 */
export function WhatLinksHere({ target }: { target: BacklinkTarget | null }) {
  const headingId = useId();
  const { data } = useBacklinks(target);
  if (!data?.items.length) return null;
  const more = data.totalCount - data.items.length;
  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-line pt-8" data-testid="what-links-here">
      <h2 id={headingId} className="font-display text-2xl font-bold text-ink">
        What links here
      </h2>
      <ul className="mt-4 space-y-2">
        {data.items.map((source) => (
          <li key={`${source.type}-${source.id}`} className="flex flex-wrap items-baseline gap-x-2">
            <Link to={source.path} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              {source.title}
            </Link>
            <span className="text-sm text-ink-muted">
              {source.type === "guide" ? "Guide" : "News"}
              {source.embeds ? " · shows its stat card" : ""}
              {source.isPublished ? "" : " · draft"}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-3 text-sm text-ink-muted">And {more} more.</p> : null}
    </section>
  );
}
