import { BodyText } from "@/components/guide-body";
import { Link, useParams } from "react-router";
import { newsArticleMeta } from "@shared/seo";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { Button, buttonClass } from "@/components/ui/button";
import { isNotFound } from "@/lib/api-client";
import { Time } from "@/components/ui/time";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { newsKeys } from "@/lib/news-keys";
import type { FirstViewRequest } from "@/app/routes";
import { noindexMeta } from "@shared/seo";
import { useSession } from "@/lib/session";
import { useNewsArticle } from "@/features/news/api/get-news-article";
import { ArticleComments } from "@/features/news/components/article-comments";
import { ArticleImage } from "@/features/news/components/article-image";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { TagChips } from "@/features/news/components/tag-chips";
import { parseId } from "@shared/ids";
import { useGoBack } from "@/features/news/hooks/use-go-back";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { PageLoadError } from "@/components/page-load-error";
import { paths } from "@shared/paths";

/** The first view reads the article. */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.newsArticle;

export function firstView({ params }: FirstViewRequest) {
  const id = parseId(params.id);
  return [id === null ? null : newsKeys.article(id)];
}

/** /news/{id}: the article, its content as text with line breaks kept, and the comments. */
export function Component() {
  const id = parseId(useParams().id);
  const origin = useSiteOrigin();
  const { data: article, error, isLoading, mutate } = useNewsArticle(id);
  const { isModerator } = useSession();
  const goBack = useGoBack(paths.news());

  if (id === null || isNotFound(error)) return <MissingItemView item={MISSING_ITEMS.newsArticle} onGoBack={goBack} />;
  if (error && !article) {
    return <PageLoadError title="Failed to load news articles" pageTitle="News" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !article) return <ArticleSkeleton />;

  const published = article.publishedAt ?? article.createdAt;
  const wasUpdated = article.updatedAt !== article.createdAt;
  const meta = newsArticleMeta(origin, article);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={meta} preload={article.imageUrl ? { href: article.imageUrl } : null} />
      <Breadcrumb trail={[{ label: "Home", to: paths.home() }, { label: "News", to: paths.news() }]} current={article.title} />

      <header className="mt-6">
        <TagChips tags={article.tags} />
        <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
          <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{article.title}</h1>
          {isModerator && (
            <Link to={paths.adminNewsEdit(article.id)} className={buttonClass({ variant: "secondary", size: "sm" })}>
              Edit
            </Link>
          )}
        </div>
        <p className="mt-4 text-lg text-ink-muted">{article.summary}</p>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
          <div className="flex gap-1">
            <dt>By</dt>
            <dd className="font-medium text-ink">{article.author}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Published</dt>
            <dd>
              <Time dateTime={published} format="dateTime" />
            </dd>
          </div>
          {wasUpdated && (
            <div className="flex gap-1" data-testid="article-updated">
              <dt>Updated</dt>
              <dd>
                <Time dateTime={article.updatedAt} format="dateTime" />
              </dd>
            </div>
          )}
          {!article.isPublished && (
            <div>
              <dt className="sr-only">Status</dt>
              <dd className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                Draft
              </dd>
            </div>
          )}
        </dl>
      </header>

      <ArticleImage src={article.imageUrl} alt={article.imageAlt} priority="high" className="mt-8 rounded-xl" />

      <BodyText content={article.content} contentHtml={article.contentHtml} toc={article.toc} testId="article-content" />

      <div className="mt-10 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={goBack}>
          ← Back
        </Button>
        <Link to={paths.news()} className={buttonClass()}>
          More News
        </Link>
      </div>

      <ArticleComments articleId={article.id} title={article.title} />
    </article>
  );
}

function ArticleSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={noindexMeta("News")} />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-8 h-10 w-3/4" />
      <Skeleton className="mt-4 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-2/3" />
      <Skeleton className="mt-8 aspect-video rounded-xl" />
    </LoadingRegion>
  );
}
