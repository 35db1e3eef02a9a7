import { Link } from "react-router";
import { Time } from "@/components/ui/time";
import { NEWS_CARD_OFFSCREEN } from "@/lib/offscreen";
import type { NewsListItem } from "@schemas/news";
import { ArticleImage, type ImagePriority } from "./article-image";
import { TagChips } from "./tag-chips";
import { paths } from "@shared/paths";

/** A card on /news: image, tag chips, title, summary, 'By {author}', long date, Read Full Article. */
export function NewsCard({ article, imagePriority = "lazy" }: { article: NewsListItem; imagePriority?: ImagePriority }) {
  const date = article.publishedAt ?? article.createdAt;
  return (
    <article className={`flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm ${NEWS_CARD_OFFSCREEN}`}>
      <ArticleImage src={article.imageUrl} alt={article.imageAlt} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <TagChips tags={article.tags} />
        <h2 className="text-xl font-semibold text-ink">
          <Link
            to={paths.newsArticle(article.id)}
            className="rounded hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:text-brand-400"
          >
            {article.title}
          </Link>
        </h2>
        <p className="text-ink-muted">{article.summary}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2 text-sm text-ink-muted">
          <div>
            <span>By {article.author}</span>
            <span aria-hidden="true"> · </span>
            <Time dateTime={date} />
          </div>
          <Link
            to={paths.newsArticle(article.id)}
            aria-label={`Read Full Article: ${article.title}`}
            className="rounded-lg font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400"
          >
            Read Full Article →
          </Link>
        </div>
      </div>
    </article>
  );
}
