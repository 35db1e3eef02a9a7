import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys, mediaQueryParams, type MediaListQuery } from "@shared/media-keys";
import type { MediaListResponse } from "@schemas/media";

/** GET /api/media as the admin list asks: everything (or approved only), 50 a page. */
export async function getAdminMediaList(query: MediaListQuery): Promise<MediaListResponse> {
  return unwrap(api.api.media.$get({ query: mediaQueryParams(query) }));
}

export function useAdminMediaList(query: MediaListQuery) {
  return useSWR(mediaKeys.list(query), () => getAdminMediaList(query), { keepPreviousData: true });
}
