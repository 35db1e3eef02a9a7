/** The news pages painted at the edge: home, the news list (with its filters) and an article. */
import { parseId } from "@shared/ids";
import { HOME_LATEST_COUNT, newsKeys, parseNewsFilters } from "@shared/news-keys";
import { MISSING_ITEMS } from "@shared/missing-item";
import { homeMeta, newsArticleMeta, newsListMeta } from "@shared/seo";
import type { NewsArticle, NewsFilters, NewsListResponse } from "../schemas/news";
import { api, definePage, type PreloadImage } from "./define";
import { paintArticle, paintHome, paintNewsList } from "./paint/news";

const imagePreload = (url: string | null | undefined): PreloadImage | null => (url ? { href: url } : null);

export const homePage = definePage({
  pattern: "/",
  module: "features/news/routes/home",
  data: () => ({ latest: api<NewsListResponse>(newsKeys.home()) }),
  meta: ({ origin }) => ({ meta: homeMeta(origin) }),
  // The first news card's image.
  preloadImage: ({ latest }) => imagePreload(latest?.items[0]?.imageUrl),
  paint: (_req, { latest }) => (latest ? paintHome(latest.items.slice(0, HOME_LATEST_COUNT)) : null),
});

export const newsListPage = definePage({
  pattern: "/news",
  module: "features/news/routes/news-list",
  data: ({ url }) => {
    const { search, tag, author, page } = parseNewsFilters(url.searchParams);
    return {
      list: api<NewsListResponse>(newsKeys.list({ search, tag, author, page })),
      filters: api<NewsFilters>(newsKeys.filters()),
    };
  },
  meta: ({ origin }) => ({ meta: newsListMeta(origin) }),
  preloadImage: ({ list }) => imagePreload(list?.items[0]?.imageUrl),
  paint: ({ url }, { list, filters }) => (list ? paintNewsList(list, parseNewsFilters(url.searchParams), filters) : null),
});

export const newsArticlePage = definePage({
  pattern: "/news/:id",
  module: "features/news/routes/news-article",
  data: ({ params }) => {
    const id = parseId(params.id);
    return { article: id === null ? null : api<NewsArticle>(newsKeys.article(id)) };
  },
  meta: ({ origin }, { article }) => (article ? { meta: newsArticleMeta(origin, article) } : null),
  missing: MISSING_ITEMS.newsArticle,
  preloadImage: ({ article }) => imagePreload(article?.imageUrl),
  paint: (_req, { article }) => (article ? paintArticle(article) : null),
});

export const newsPages = [homePage, newsListPage, newsArticlePage];
