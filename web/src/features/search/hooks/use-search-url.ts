import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { parsePage } from "@shared/ids";
import { SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchType } from "@shared/search";
import { paths } from "@shared/paths";

export type SearchUrl = { q: string; type: SearchType | undefined; page: number };

/** Reads /search?q=…&type=…&page=… (unknown types and bad pages fall back to all types, page 1). */
export function parseSearchUrl(params: URLSearchParams): SearchUrl {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const rawType = params.get("type");
  const type = SEARCH_TYPES.find((t) => t === rawType);
  const page = parsePage(params.get("page"));
  return { q, type, page: type && page > 1 ? page : 1 };
}

/** The query string of a search (empty values and page 1 left out). */
export function searchUrlParams({ q, type, page = 1 }: { q: string; type?: SearchType; page?: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (type) params.set("type", type);
  if (type && page > 1) params.set("page", String(page));
  return params;
}

/** The /search URL of a search. */
export function searchHref(search: { q: string; type?: SearchType; page?: number }): string {
  return paths.search(searchUrlParams(search));
}

/** The search kept in the URL, and links to other types and pages of it. */
export function useSearchUrl() {
  const [params] = useSearchParams();
  const current = parseSearchUrl(params);
  const { q, type } = current;
  const pageHref = useCallback((page: number) => searchHref({ q, type, page }), [q, type]);
  const typeHref = useCallback((next: SearchType | undefined) => searchHref({ q, type: next }), [q]);
  return { ...current, pageHref, typeHref };
}
