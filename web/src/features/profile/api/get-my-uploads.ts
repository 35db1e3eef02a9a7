import useSWR from "swr";
import type { MediaListResponse } from "@schemas/media";
import { mediaKeys, mediaQueryParams, type MediaListQuery } from "@shared/media-keys";
import { api, unwrap } from "@/lib/api-client";

/** Uploads per page of the profile's list. */
export const MY_UPLOADS_PAGE_SIZE = 6;

/**
 * GET /api/media?mine=true: the member's own uploads, newest first, each with its moderation
 * state (and, for moderators, the reason a rejected one was given). Nothing is read while
 * `enabled` is false (the member has uploaded nothing).
 */
export function useMyUploads(page: number, enabled: boolean) {
  const query: MediaListQuery = { mine: true, page, pageSize: MY_UPLOADS_PAGE_SIZE };
  return useSWR(enabled ? mediaKeys.list(query) : null, (): Promise<MediaListResponse> => unwrap(api.api.media.$get({ query: mediaQueryParams(query) })), {
    keepPreviousData: true,
    revalidateOnMount: true,
  });
}
