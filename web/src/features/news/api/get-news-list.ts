import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { NEWS_LIST_DEDUPE_MS, newsKeys, newsQueryParams, type NewsListQuery } from "@/lib/news-cache";
import type { NewsListResponse } from "@schemas/news";

/** GET /api/news: one page of published articles, newest first, optionally filtered. */
export async function getNewsList(query: NewsListQuery): Promise<NewsListResponse> {
  return unwrap(api.api.news.$get({ query: newsQueryParams(query) }));
}

/** The news list through SWR, deduped 30 s. */
export function useNewsList(query: NewsListQuery) {
  return useSWR(newsKeys.list(query), () => getNewsList(query), { dedupingInterval: NEWS_LIST_DEDUPE_MS });
}
