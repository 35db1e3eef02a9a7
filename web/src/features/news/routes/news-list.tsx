import { newsListMeta, pageTitle } from "@shared/seo";
import { newsKeys, parseNewsFilters } from "@/lib/news-keys";
import { LIST_SEARCH_CAP } from "@shared/search";
import type { FirstViewRequest } from "@/app/routes";
import { useLocalSite } from "@/lib/local-host";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { useNewsFilters } from "@/features/news/api/get-news-filters";
import { useNewsList } from "@/features/news/api/get-news-list";
import { cardImagePriority } from "@/features/news/components/article-image";
import { NewsCard } from "@/features/news/components/news-card";
import { NewsSkeletonList } from "@/features/news/components/news-card-skeleton";
import { NewsFilters } from "@/features/news/components/news-filters";
import { Pagination } from "@/components/ui/pagination";
import { StateMessage } from "@/components/ui/state-message";
import { isNoSuchPage, NoSuchPage } from "@/components/no-such-page";
import { newsFiltersSearch, useNewsUrlFilters } from "@/features/news/hooks/use-news-url-filters";

/** 4 skeleton cards on /news. */
const SKELETON_COUNT = 4;

/** The search, tag, author and page (ADR 0047). */
export const canonicalSearch = (params: URLSearchParams) => newsFiltersSearch(parseNewsFilters(params));

/** The first view reads the URL's page of articles and the filter options. */
export function firstView({ url }: FirstViewRequest) {
  const { search, tag, author, page } = parseNewsFilters(url.searchParams);
  return [newsKeys.list({ search, tag, author, page }), newsKeys.filters()];
}

/** /news: filter card, article cards, pagination. Filters live in the URL. */
export function Component() {
  const local = useLocalSite();
  const { filters, setFilter, clearAll, pageHref, hasActiveFilters } = useNewsUrlFilters();
  const list = useNewsList(filters);
  const options = useNewsFilters();
  const data = list.data;
  const meta = newsListMeta(useSiteOrigin());

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead
        meta={filters.search ? { ...meta, title: pageTitle(`Latest News: “${filters.search}”`) } : meta}
        preload={list.data?.items[0]?.imageUrl ? { href: list.data.items[0].imageUrl } : null}
      />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Latest News</h1>
      <div className="mt-6">
        <NewsFilters filters={filters} options={options.data} onChange={setFilter} onClear={clearAll} />
      </div>

      <div className="mt-8" aria-busy={list.isValidating}>
        {isNoSuchPage(list.error, data) ? (
          <NoSuchPage title={`There is no page ${filters.page} of these articles.`} href={pageHref(1)} label="Go to the first page" />
        ) : list.error && !data ? (
          <StateMessage tone="error" title="Failed to load news articles">
            {local && (
              <p>Make sure the backend is running: start it with npm run dev (the Worker serves /api).</p>
            )}
            <p>Please try again in a moment.</p>
          </StateMessage>
        ) : !data ? (
          <div className="grid gap-6 md:grid-cols-2">
            <NewsSkeletonList count={SKELETON_COUNT} />
          </div>
        ) : data.items.length === 0 ? (
          hasActiveFilters ? (
            <StateMessage title="No articles match your filters.">
              <p>Try a different search, tag or author, or clear the filters.</p>
            </StateMessage>
          ) : (
            <StateMessage title="No news articles available yet.">
              <p>Check back soon for the latest updates about the game!</p>
            </StateMessage>
          )
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {data.capped ? `${data.totalCount}+ articles` : data.totalCount === 1 ? "1 article" : `${data.totalCount} articles`}
            </p>
            {data.capped ? (
              // A common word: the search looked at its newest matches only (ADR 0040).
              <p className="mb-4 text-sm text-ink-muted">
                Showing matches among the {LIST_SEARCH_CAP} newest articles found. Add a word to narrow the search.
              </p>
            ) : null}
            <div className="grid gap-6 md:grid-cols-2">
              {data.items.map((article, index) => (
                <NewsCard key={article.id} article={article} imagePriority={cardImagePriority(index, 2)} />
              ))}
            </div>
            <div className="mt-10">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={pageHref} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
