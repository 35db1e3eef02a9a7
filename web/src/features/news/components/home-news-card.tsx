import { Link } from "react-router";
import type { NewsListItem } from "@schemas/news";
import { Time } from "@/components/ui/time";
import { ArticleImage, type ImagePriority } from "./article-image";
import { paths } from "@shared/paths";

/** A latest-news card on the home page: image, title, summary, publish date, Read More. */
export function HomeNewsCard({ article, imagePriority = "lazy" }: { article: NewsListItem; imagePriority?: ImagePriority }) {
  const date = article.publishedAt ?? article.createdAt;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <ArticleImage src={article.imageUrl} alt={article.imageAlt} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Time dateTime={date} className="text-sm text-ink-muted" />
        <h3 className="text-lg font-semibold text-ink">{article.title}</h3>
        <p className="line-clamp-3 text-ink-muted">{article.summary}</p>
        <Link
          to={paths.newsArticle(article.id)}
          aria-label={`Read More: ${article.title}`}
          className="mt-auto self-start rounded pt-2 font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400"
        >
          Read More →
        </Link>
      </div>
    </article>
  );
}
