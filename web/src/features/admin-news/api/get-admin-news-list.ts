import useSWR from "swr";
import type { NewsListResponse } from "@schemas/news";
import { api, unwrap } from "@/lib/api-client";
import { NEWS_LIST_DEDUPE_MS, newsKeys, newsQueryParams, type NewsListQuery } from "@/lib/news-cache";

/** Articles per admin page (the API's maximum is 100). */
export const ADMIN_NEWS_PAGE_SIZE = 25;

/** GET /api/news?status=all: drafts and published articles, newest first (moderators). */
export function useAdminNewsList(page: number) {
  const query: NewsListQuery = { status: "all", page, pageSize: ADMIN_NEWS_PAGE_SIZE };
  return useSWR(
    newsKeys.list(query),
    (): Promise<NewsListResponse> => unwrap(api.api.news.$get({ query: newsQueryParams(query) })),
    { dedupingInterval: NEWS_LIST_DEDUPE_MS },
  );
}
