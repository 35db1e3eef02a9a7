/**
 * The API keys of the news pages, shared by the SPA's hooks and the Worker that writes a page's
 * first API answers into its HTML: both derive a key from the same URL the same way, so the SPA
 * finds the injected answer under the key its hook asks for.
 */
import { apiKey } from "@shared/api-key";
import { parsePage } from "@shared/ids";

export type NewsListQuery = {
  search?: string;
  tag?: string;
  author?: string;
  page?: number;
  pageSize?: number;
  /** Moderators only: drafts too ("all") or just one state. */
  status?: "all" | "published" | "draft";
};

/** The home page shows the 3 latest published articles. */
export const HOME_LATEST_COUNT = 3;

/** Query string values for GET /api/news (empty filters and page 1 left out). */
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

export const newsKeys = {
  list: (query: NewsListQuery) => apiKey("/api/news", newsQueryParams(query)),
  filters: () => "/api/news/filters",
  article: (id: number) => `/api/news/${id}`,
  /** What the home page reads: the latest articles. */
  home: () => apiKey("/api/news", newsQueryParams({ page: 1, pageSize: HOME_LATEST_COUNT })),
};

export type NewsUrlFilters = { search: string; tag: string; author: string; page: number };

/** Reads /news?search=…&tag=…&author=…&page=… (missing or bad values fall back to the defaults). */
export function parseNewsFilters(params: URLSearchParams): NewsUrlFilters {
  return {
    search: params.get("search")?.trim() ?? "",
    tag: params.get("tag") ?? "",
    author: params.get("author") ?? "",
    page: parsePage(params.get("page")),
  };
}
