import useSWR from "swr";
import type { MediaListResponse } from "@schemas/media";
import { mediaKeys, mediaQueryParams, type MediaListQuery } from "@shared/media-keys";
import { api, unwrap } from "./api-client";

/** Images per page of the picker. */
export const IMAGE_PICKER_PAGE_SIZE = 24;

/**
 * GET /api/media?approvedOnly=true&mediaType=image: the site's approved images, for the image
 * picker (@/components/image-field) that the faction editor and the news form share.
 */
export function useImageChoices(search: string, page: number, enabled: boolean) {
  const query: MediaListQuery = { approvedOnly: true, mediaType: "image", search: search.trim() || undefined, page, pageSize: IMAGE_PICKER_PAGE_SIZE };
  return useSWR(enabled ? mediaKeys.list(query) : null, (): Promise<MediaListResponse> => unwrap(api.api.media.$get({ query: mediaQueryParams(query) })), {
    keepPreviousData: true,
  });
}
