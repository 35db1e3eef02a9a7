/**
 * The API keys of the media pages, shared by the SPA's hooks and the Worker that writes the
 * gallery's first API answers into its HTML (same key from the same URL on both sides).
 */
import { apiKey } from "./api-key";
import { parseId, parsePage } from "./ids";
import { paths } from "./paths";

export type MediaTypeFilter = "image" | "video" | "gif";

export type MediaListQuery = {
  categoryId?: number;
  factionId?: number;
  mediaType?: "image" | "video" | "gif";
  approvedOnly?: boolean;
  /** Moderators: one moderation state. */
  status?: "pending" | "approved" | "rejected";
  /** Only the caller's uploads. */
  mine?: boolean;
  featuredOnly?: boolean;
  search?: string;
  page?: number;
  pageSize?: number;
};

/** The public gallery's page size (spec constant) and its skeleton count. */
export const GALLERY_PAGE_SIZE = 20;
export const GALLERY_SKELETON_COUNT = 12;

/** Query string values for GET /api/media (empty filters and page 1 left out). */
export function mediaQueryParams(query: MediaListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.categoryId) out.categoryId = String(query.categoryId);
  if (query.factionId) out.factionId = String(query.factionId);
  if (query.mediaType) out.mediaType = query.mediaType;
  if (query.approvedOnly !== undefined) out.approvedOnly = String(query.approvedOnly);
  if (query.status) out.status = query.status;
  if (query.mine) out.mine = "true";
  if (query.featuredOnly) out.featuredOnly = "true";
  if (query.search) out.search = query.search;
  if (query.page && query.page > 1) out.page = String(query.page);
  if (query.pageSize) out.pageSize = String(query.pageSize);
  return out;
}

export const mediaKeys = {
  list: (query: MediaListQuery) => apiKey("/api/media", mediaQueryParams(query)),
  filters: () => "/api/media/filters",
  item: (id: number) => `/api/media/${id}`,
  /** Moderators: how many items are in each moderation state. */
  statusCounts: () => "/api/media/status-counts",
  categories: (activeOnly?: boolean) => apiKey("/api/media/categories", { activeOnly }),
  /** What the gallery reads for a set of URL filters. */
  gallery: (filters: GalleryUrlFilters) =>
    apiKey(
      "/api/media",
      mediaQueryParams({
        approvedOnly: true,
        categoryId: filters.categoryId ?? undefined,
        mediaType: filters.mediaType ?? undefined,
        page: filters.page,
        pageSize: GALLERY_PAGE_SIZE,
      }),
    ),
};

/** The gallery's filters as they live in the URL: /screenshots?categoryId=2&mediaType=video&page=2. */
export type GalleryUrlFilters = { categoryId: number | null; mediaType: MediaTypeFilter | null; page: number };

/** Reads the gallery's URL (missing or bad values fall back to the defaults). */
export function parseGalleryFilters(params: URLSearchParams): GalleryUrlFilters {
  const type = params.get("mediaType");
  return {
    categoryId: parseId(params.get("categoryId")),
    mediaType: type === "image" || type === "video" || type === "gif" ? type : null,
    page: parsePage(params.get("page")),
  };
}

/** The gallery opened on one item (a search result's link): /screenshots?media=12. */
export const galleryItemPath = (id: number) => paths.screenshots({ media: id });

/** The item the gallery's URL asks to open in the lightbox, if any. */
export const galleryItemOf = (params: URLSearchParams) => parseId(params.get("media"));

/** The gallery's query string for a set of filters (defaults left out, so URLs stay short). */
export function galleryFiltersSearch(filters: GalleryUrlFilters): string {
  const params = new URLSearchParams();
  if (filters.categoryId) params.set("categoryId", String(filters.categoryId));
  if (filters.mediaType) params.set("mediaType", filters.mediaType);
  if (filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
