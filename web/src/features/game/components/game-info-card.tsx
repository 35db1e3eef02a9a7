import { Link } from "react-router";
import type { GameInfoListItem } from "@schemas/gameinfo";
import { badgeClass } from "@/components/ui/badge";
import { paths } from "@shared/paths";

/** A guide's teaser: category (and Featured), title (the whole card links), summary. */
export function GameInfoCard({
  article,
  headingLevel = 3,
  showFeatured = false,
  className = "",
}: {
  article: GameInfoListItem;
  headingLevel?: 2 | 3;
  /** Mark featured guides (the /game-info list, where they come first). */
  showFeatured?: boolean;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={`relative flex flex-col gap-2 rounded-xl border border-line bg-surface p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md ${className}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        {article.category}
        {showFeatured && article.isFeatured ? <span className={badgeClass("warning", "tracking-normal normal-case")}>Featured</span> : null}
      </p>
      <Heading className="text-lg font-semibold break-words text-ink">
        <Link to={paths.gameInfoArticle(article.slug)} className="outline-none after:absolute after:inset-0 after:rounded-xl">
          {article.title}
        </Link>
      </Heading>
      <p className="text-sm text-ink-muted">{article.summary}</p>
    </article>
  );
}
