import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";
import type { SearchResponse, SearchType } from "@shared/search";

export type SearchRequest = { q: string; type?: SearchType; page?: number };

/** Query string values for GET /api/search (no type = every type; page 1 left out). */
export function searchQueryParams({ q, type, page }: SearchRequest): Record<string, string> {
  const out: Record<string, string> = { q };
  if (type) out.type = type;
  if (type && page && page > 1) out.page = String(page);
  return out;
}

/** The SWR key of one search: the API URL with its canonical query. */
export const searchKey = (request: SearchRequest) => apiKey("/api/search", searchQueryParams(request));

/** Results are cached 60 s by the server; typing the same search again within that is not refetched. */
const SEARCH_DEDUPE_MS = 30_000;

/** GET /api/search: the best results of every type, or one page of one type. */
export async function getSearchResults(request: SearchRequest): Promise<SearchResponse> {
  return unwrap(api.api.search.$get({ query: searchQueryParams(request) }));
}

/** A search through SWR; `request` null (no search text) fetches nothing. */
export function useSearchResults(request: SearchRequest | null) {
  return useSWR(request ? searchKey(request) : null, () => getSearchResults(request!), {
    dedupingInterval: SEARCH_DEDUPE_MS,
    revalidateOnFocus: false,
  });
}
