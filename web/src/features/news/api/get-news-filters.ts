import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { NEWS_FILTERS_DEDUPE_MS, newsKeys } from "@/lib/news-cache";
import type { NewsFilters as NewsFilterOptions } from "@schemas/news";

/** GET /api/news/filters: the tags and authors to filter by. */
export async function getNewsFilters(): Promise<NewsFilterOptions> {
  return unwrap(api.api.news.filters.$get({ query: {} }));
}

/** Filter options through SWR, deduped 5 min. */
export function useNewsFilters() {
  return useSWR(newsKeys.filters(), getNewsFilters, { dedupingInterval: NEWS_FILTERS_DEDUPE_MS });
}
