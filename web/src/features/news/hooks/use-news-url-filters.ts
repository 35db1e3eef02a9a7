import { useCallback, useMemo } from "react";
import { parseNewsFilters, type NewsUrlFilters } from "@/lib/news-keys";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { paths } from "@shared/paths";

export { parseNewsFilters, type NewsUrlFilters };

export type NewsFilterName = "search" | "tag" | "author";

/** The query string for a set of filters; defaults are left out so URLs stay short and shareable. */
export function newsFiltersSearch(filters: NewsUrlFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.author) params.set("author", filters.author);
  if (filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The news filters live in the URL so they survive a reload and can be shared. Changing the
 * search, tag or author filter resets the page to 1.
 */
export function useNewsUrlFilters() {
  const [params, setParams] = useSearchParamsState();
  const filters = useMemo(() => parseNewsFilters(params), [params]);

  const setFilter = useCallback(
    (name: NewsFilterName, value: string) => {
      setParams((prev) => {
        const next = parseNewsFilters(prev);
        return newsFiltersSearch({ ...next, [name]: value.trim(), page: 1 });
      });
    },
    [setParams],
  );

  const clearAll = useCallback(() => setParams(() => ""), [setParams]);

  const pageHref = useCallback((page: number) => paths.news(newsFiltersSearch({ ...filters, page })), [filters]);

  const hasActiveFilters = Boolean(filters.search || filters.tag || filters.author);

  return { filters, setFilter, clearAll, pageHref, hasActiveFilters };
}
