import { useCallback, useMemo } from "react";
import { activeFilterCount } from "@/features/gallery/lib/gallery-ui";
import { galleryFiltersSearch, galleryItemOf, parseGalleryFilters, type GalleryUrlFilters } from "@shared/media-keys";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { paths } from "@shared/paths";

/**
 * The gallery's filters live in the URL (shareable, survive a reload). Changing a filter goes
 * back to page 1 (and drops a link's item).
 */
export function useGalleryUrlFilters() {
  const [params, setParams] = useSearchParamsState();
  const filters = useMemo(() => parseGalleryFilters(params), [params]);

  const setFilters = useCallback(
    (patch: Partial<Omit<GalleryUrlFilters, "page">>) => {
      setParams((prev) => galleryFiltersSearch({ ...parseGalleryFilters(prev), ...patch, page: 1 }));
    },
    [setParams],
  );

  const clearAll = useCallback(() => setParams(() => ""), [setParams]);
  /** The item a link opens in the lightbox (?media=12), and closing it (the link's param goes). */
  const linkedId = galleryItemOf(params);
  const closeLinked = useCallback(() => setParams((prev) => galleryFiltersSearch(parseGalleryFilters(prev)), { replace: true }), [setParams]);
  const pageHref = useCallback((page: number) => paths.screenshots(galleryFiltersSearch({ ...filters, page })), [filters]);
  const activeCount = activeFilterCount(filters);

  return { filters, setFilters, clearAll, pageHref, activeCount, linkedId, closeLinked };
}
