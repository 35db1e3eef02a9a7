import { mutate } from "swr";
import { apiKey } from "@shared/api-key";

/**
 * SWR keys for news reads, shared by the public news pages and the admin editor (features do
 * not import each other). Keys follow the one convention of worker/shared/api-key.ts (the API
 * URL with its canonical query), so every key starts with "/api/news" and one write can refresh
 * them all.
 */
export type NewsListQuery = {
  search?: string;
  tag?: string;
  author?: string;
  page?: number;
  pageSize?: number;
  /** Moderators only: drafts too ("all") or just one state. */
  status?: "all" | "published" | "draft";
};

export const newsKeys = {
  list: (query: NewsListQuery) => apiKey("/api/news", newsQueryParams(query)),
  filters: () => "/api/news/filters",
  article: (id: number) => `/api/news/${id}`,
};

/** Spec §7: news list deduped 30 s, news filters 5 min. */
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

/** Query string values for GET /api/news (empty filters left out). */
export function newsQueryParams(query: NewsListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.search) out.search = query.search;
  if (query.tag) out.tag = query.tag;
  if (query.author) out.author = query.author;
  if (query.page && query.page > 1) out.page = String(query.page);
  if (query.pageSize) out.pageSize = String(query.pageSize);
  if (query.status) out.status = query.status;
  return out;
}
