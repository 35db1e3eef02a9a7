import useSWR from "swr";
import type { MediaItem } from "@schemas/media";
import { mediaKeys } from "@shared/media-keys";
import { api, unwrap } from "@/lib/api-client";
import { MEDIA_DEDUPE_MS } from "./get-gallery-list";

/**
 * GET /api/media/{id}: the item a link opens in the gallery's lightbox (/screenshots?media=12,
 * as search results link). Guests get approved items only (else 404).
 */
export function useLinkedItem(id: number | null) {
  return useSWR(id === null ? null : mediaKeys.item(id), (): Promise<MediaItem> => unwrap(api.api.media[":id"].$get({ param: { id: String(id) }, query: {} })), {
    dedupingInterval: MEDIA_DEDUPE_MS,
  });
}
