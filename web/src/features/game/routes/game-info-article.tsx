import { Link, useParams } from "react-router";
import { gameInfoArticleMeta } from "@shared/game-seo";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { buttonClass } from "@/components/ui/button";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api-client";
import { Time } from "@/components/ui/time";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@shared/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { noindexMeta } from "@shared/seo";
import { useGameInfoArticle, useRelatedGameInfo } from "../api/get-game-info";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { GameInfoCard } from "../components/game-info-card";
import { PageLoadError } from "@/components/page-load-error";

/** The first view reads the article and its related articles (the API answers 404 for a slug that cannot exist). */
export function firstView({ params }: FirstViewRequest) {
  return params.slug ? [gameKeys.gameInfoArticle(params.slug), gameKeys.gameInfoRelated(params.slug)] : [];
}

/** /game-info/{slug}: the article (category, content as text with line breaks) and related articles. */
export function Component() {
  const slug = useParams().slug;
  const origin = useSiteOrigin();
  const { data: article, error, isLoading, mutate } = useGameInfoArticle(slug);

  if (!slug || (error instanceof ApiRequestError && error.status === 404)) return <MissingItemView item={MISSING_ITEMS.gameInfoArticle} />;
  if (error && !article) {
    return <PageLoadError title="Failed to load the article" pageTitle="Game Info" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !article) {
    return (
      <LoadingRegion className="mx-auto max-w-3xl px-4 py-10">
        <PageHead meta={noindexMeta("Game Info")} />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-8 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-full" />
        <Skeleton className="mt-2 h-5 w-2/3" />
      </LoadingRegion>
    );
  }
  const meta = gameInfoArticleMeta(origin, article);
  const published = article.publishedAt ?? article.createdAt;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={meta} />
      <Breadcrumb trail={[{ label: "Home", to: "/" }, { label: "Game Info", to: "/game-info" }]} current={article.title} />
      <header className="mt-6">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">{article.category}</p>
        <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{article.title}</h1>
        {article.summary ? <p className="mt-4 text-lg text-ink-muted">{article.summary}</p> : null}
        <p className="mt-3 text-sm text-ink-muted">
          {article.author ? <>By {article.author} · </> : null}
          <Time dateTime={published} />
          {!article.isPublished ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span> : null}
        </p>
      </header>
      {/* Content is plain text: line breaks kept, never parsed as HTML. */}
      <div data-testid="gameinfo-content" className="mt-8 text-lg leading-relaxed break-words whitespace-pre-line text-ink">
        {article.content}
      </div>
      <div className="mt-10">
        <Link to="/game-info" className={buttonClass({ variant: "secondary" })}>
          ← All Game Info
        </Link>
      </div>
      {/* Last: the related articles arrive after the article, and nothing below them can move. */}
      <RelatedArticles slug={slug} />
    </article>
  );
}

function RelatedArticles({ slug }: { slug: string }) {
  const { data } = useRelatedGameInfo(slug);
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12 border-t border-line pt-8">
      <h2 id="related-heading" className="font-display text-2xl font-bold text-ink">
        Related Articles
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {data.items.map((a) => (
          <li key={a.id} className="flex [&>article]:w-full">
            <GameInfoCard article={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}
