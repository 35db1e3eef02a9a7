import { Link } from "react-router";
import type { GameInfoListItem } from "@schemas/gameinfo";

/** A game-info article teaser: category, title (link), summary. */
export function GameInfoCard({ article, headingLevel = 3 }: { article: GameInfoListItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex flex-col gap-2 rounded-xl border border-line bg-surface p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">{article.category}</p>
      <Heading className="text-lg font-semibold text-ink">
        <Link to={`/game-info/${article.slug}`} className="outline-none after:absolute after:inset-0 after:rounded-xl">
          {article.title}
        </Link>
      </Heading>
      <p className="text-sm text-ink-muted">{article.summary}</p>
    </article>
  );
}
