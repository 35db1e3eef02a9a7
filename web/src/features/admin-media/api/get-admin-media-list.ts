import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys, mediaQueryParams, type MediaListQuery } from "@shared/media-keys";
import type { MediaListResponse } from "@schemas/media";

/** GET /api/media as the admin list asks: one moderation state (or everything), 50 a page. */
export async function getAdminMediaList(query: MediaListQuery): Promise<MediaListResponse> {
  return unwrap(api.api.media.$get({ query: mediaQueryParams(query) }));
}

/** While any item on the page waits for its thumbnails, the list is read again this often. */
export const PENDING_THUMBNAILS_POLL_MS = 2_000;

/**
 * The list refreshes by itself while thumbnails are pending (a new upload turns ready without a
 * reload). Nothing is read while `enabled` is false (the page still chooses its view).
 */
export function useAdminMediaList(query: MediaListQuery, enabled = true) {
  return useSWR(enabled ? mediaKeys.list(query) : null, () => getAdminMediaList(query), {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.items.some((item) => item.thumbnailStatus === "pending") ? PENDING_THUMBNAILS_POLL_MS : 0),
  });
}
