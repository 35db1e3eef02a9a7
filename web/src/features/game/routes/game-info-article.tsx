import { Link, useParams } from "react-router";
import { gameInfoArticleMeta } from "@/features/game/lib/game-seo";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { buttonClass } from "@/components/ui/button";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { isNotFound } from "@/lib/api-client";
import { GuideBody } from "@/components/guide-body";
import { PageHead, PageRedirect, useSiteOrigin } from "@/lib/page-head";
import { useSession } from "@/lib/session";
import { gameKeys } from "@/features/game/lib/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { noindexMeta } from "@shared/seo";
import { useGameInfoArticle, useRelatedGameInfo } from "../api/get-game-info";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { GameInfoCard } from "../components/game-info-card";
import { PageLoadError } from "@/components/page-load-error";
import { paths } from "@shared/paths";

/** The first view reads the article and its related articles (the API answers 404 for a slug that cannot exist). */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.gameInfoArticle;

export function firstView({ params }: FirstViewRequest) {
  return params.slug ? [gameKeys.gameInfoArticle(params.slug), gameKeys.gameInfoRelated(params.slug)] : [];
}

/**
 * /game-info/{slug}: the guide (category, content as text with line breaks) and related guides.
 * A slug the guide had before redirects to its current one (the API answers the guide for it).
 */
export function Component() {
  const slug = useParams().slug;
  const origin = useSiteOrigin();
  const { data: article, error, isLoading, mutate } = useGameInfoArticle(slug);
  const { isModerator } = useSession();

  if (!slug || isNotFound(error)) return <MissingItemView item={MISSING_ITEMS.gameInfoArticle} />;
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
  // An old slug: the guide moved (301 from the Worker, a replaced history entry in the browser).
  if (article.slug !== slug) return <PageRedirect to={paths.gameInfoArticle(article.slug)} meta={meta} />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={meta} />
      <Breadcrumb trail={[{ label: "Home", to: paths.home() }, { label: "Game Info", to: paths.gameInfo() }]} current={article.title} />
      <GuideBody
        guide={{ ...article, date: article.publishedAt ?? article.createdAt }}
        categoryHref={paths.gameInfo({ category: article.category })}
        after={
          isModerator ? (
            <Link to={paths.adminGameInfoEdit(article.id)} className="ml-3 font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              Edit guide
            </Link>
          ) : null
        }
      />
      <div className="mt-10">
        <Link to={paths.gameInfo()} className={buttonClass({ variant: "secondary" })}>
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
