import { mutate } from "swr";

/**
 * SWR keys for news reads, shared by the public news pages and the admin editor (features do
 * not import each other) and by the Worker that writes the first answers into the HTML
 * (@/lib/news-keys). Keys follow the one convention of shared/api-key.ts (the API URL
 * with its canonical query), so every key starts with "/api/news" and one write can refresh
 * them all.
 */
export { newsKeys, newsQueryParams, type NewsListQuery } from "@/lib/news-keys";

/** News list deduped 30 s, news filters 5 min. */
export const NEWS_LIST_DEDUPE_MS = 30_000;
export const NEWS_FILTERS_DEDUPE_MS = 5 * 60_000;

function isNewsKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith("/api/news");
}

/**
 * After a create, update or delete: revalidate every cached news read (lists, filters, articles).
 * Mounted ones refetch now; for the others SWR forgets the dedupe window, so they refetch on
 * their next mount and the author sees the change at once (cached data stays shown meanwhile).
 */
export function revalidateAllNews(): Promise<unknown> {
  return mutate(isNewsKey);
}

