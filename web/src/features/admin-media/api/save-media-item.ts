import { api, unwrap } from "@/lib/api-client";
import type { MediaItem, MediaItemFormValues } from "@schemas/media";
import { revalidateAllMedia } from "./media-cache";

/** The editable fields of an item, as PUT /api/media/{id} takes them (the whole item). */
export function toMediaInput(item: MediaItem): MediaItemFormValues {
  return {
    title: item.title,
    description: item.description,
    mediaType: item.mediaType,
    altText: item.altText,
    caption: item.caption,
    tags: item.tags,
    categoryId: item.categoryId ?? 0,
    factionId: item.factionId ?? 0,
    isApproved: item.isApproved,
    isFeatured: item.isFeatured,
    sortOrder: item.sortOrder,
  };
}

/**
 * PUT /api/media/{id} with the version it was based on (the item's `updatedAt` as loaded; 409
 * stale_version when someone saved in between); then every cached media read refreshes.
 */
export async function saveMediaItem(id: number, input: MediaItemFormValues, version: string): Promise<MediaItem> {
  const saved = await unwrap(api.api.media[":id"].$put({ param: { id: String(id) }, json: { ...input, updatedAt: version } }));
  void revalidateAllMedia();
  return saved;
}
