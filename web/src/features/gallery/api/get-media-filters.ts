import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys } from "@shared/media-keys";
import type { MediaFilters } from "@schemas/media";
import { MEDIA_DEDUPE_MS } from "./get-gallery-list";

/** GET /api/media/filters: the categories (with colours) and types approved items have. */
export async function getMediaFilters(): Promise<MediaFilters> {
  return unwrap(api.api.media.filters.$get({ query: {} }));
}

export function useMediaFilters() {
  return useSWR(mediaKeys.filters(), getMediaFilters, { dedupingInterval: MEDIA_DEDUPE_MS });
}
