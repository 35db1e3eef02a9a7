import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { GALLERY_PAGE_SIZE, mediaKeys, mediaQueryParams, type GalleryUrlFilters } from "@shared/media-keys";
import type { MediaListResponse } from "@schemas/media";

/** Media items are cached for 1 minute. */
export const MEDIA_DEDUPE_MS = 60_000;

/** GET /api/media as the gallery asks: approved items, 20 a page, filtered by category and type. */
export async function getGalleryList(filters: GalleryUrlFilters): Promise<MediaListResponse> {
  const query = mediaQueryParams({
    approvedOnly: true,
    categoryId: filters.categoryId ?? undefined,
    mediaType: filters.mediaType ?? undefined,
    page: filters.page,
    pageSize: GALLERY_PAGE_SIZE,
  });
  return unwrap(api.api.media.$get({ query }));
}

/** One gallery page through SWR (deduped 1 minute). */
export function useGalleryList(filters: GalleryUrlFilters) {
  return useSWR(mediaKeys.gallery(filters), () => getGalleryList(filters), {
    dedupingInterval: MEDIA_DEDUPE_MS,
    keepPreviousData: true,
  });
}
