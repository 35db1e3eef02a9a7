/** The gallery painted at the edge: its first page of approved media and the filter options. */
import { mediaKeys, parseGalleryFilters } from "@shared/media-keys";
import { galleryMeta } from "@shared/seo";
import type { MediaFilters, MediaListResponse } from "../schemas/media";
import { api, definePage } from "./define";
import { paintGallery } from "./paint/media";

export const galleryPage = definePage({
  pattern: "/screenshots",
  module: "features/gallery/routes/gallery",
  data: ({ url }) => ({
    list: api<MediaListResponse>(mediaKeys.gallery(parseGalleryFilters(url.searchParams))),
    filters: api<MediaFilters>(mediaKeys.filters()),
  }),
  meta: ({ origin }, { list }) => ({ meta: galleryMeta(origin, list?.items ?? []) }),
  // The first card's thumbnail is the largest image above the fold (WebP in its <picture>).
  preloadImage: ({ list }) => {
    const first = list?.items[0];
    if (!first) return null;
    if (first.thumbnailWebpUrl) return { href: first.thumbnailWebpUrl, type: "image/webp" };
    const href = first.thumbnailUrl ?? (first.mediaType === "video" ? first.posterUrl : first.originalUrl);
    return href ? { href } : null;
  },
  paint: ({ url }, { list, filters }) => (list ? paintGallery(parseGalleryFilters(url.searchParams), list, filters) : null),
});

export const mediaPages = [galleryPage];
