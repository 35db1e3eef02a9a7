import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { NEWS_LIST_DEDUPE_MS, newsKeys } from "@/lib/news-cache";
import type { NewsArticle } from "@schemas/news";
import type { RenderedContent } from "@shared/wiki-syntax";

/** GET /api/news/{id}: one article (drafts only for moderators), its body rendered for readers. */
export async function getNewsArticle(id: number): Promise<NewsArticle & Partial<RenderedContent>> {
  return unwrap(api.api.news[":id"].$get({ param: { id: String(id) }, query: {} }));
}

/** One article through SWR; `id` null (a malformed URL) fetches nothing. */
export function useNewsArticle(id: number | null) {
  return useSWR(id === null ? null : newsKeys.article(id), () => getNewsArticle(id!), {
    dedupingInterval: NEWS_LIST_DEDUPE_MS,
    // A missing article stays missing: no retries for 404.
    keepPreviousData: false,
  });
}
