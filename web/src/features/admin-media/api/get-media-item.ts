import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys } from "@shared/media-keys";
import type { MediaItem } from "@schemas/media";

/** GET /api/media/{id} (moderators also get unapproved items). */
export async function getMediaItem(id: number): Promise<MediaItem> {
  return unwrap(api.api.media[":id"].$get({ param: { id: String(id) }, query: {} }));
}

/** Null id (an invalid id in the URL) reads nothing. */
export function useMediaItem(id: number | null) {
  return useSWR(id === null ? null : mediaKeys.item(id), () => getMediaItem(id!));
}
