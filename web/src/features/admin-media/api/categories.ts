import { api, unwrap } from "@/lib/api-client";
import type { MediaCategory, MediaCategoryFormValues } from "@schemas/media";

/** POST /api/media/categories (no id, no timestamps). */
export async function createMediaCategory(input: MediaCategoryFormValues): Promise<MediaCategory> {
  return unwrap(api.api.media.categories.$post({ json: input }));
}

/**
 * PUT /api/media/categories/{id} with the version it was based on (the category's `updatedAt`
 * as loaded; 409 stale_version when someone saved in between).
 */
export async function updateMediaCategory(id: number, input: MediaCategoryFormValues, version: string): Promise<MediaCategory> {
  return unwrap(api.api.media.categories[":id"].$put({ param: { id: String(id) }, json: { ...input, updatedAt: version } }));
}

/** DELETE /api/media/categories/{id} (409 while media items use it). */
export async function deleteMediaCategory(id: number): Promise<void> {
  await unwrap(api.api.media.categories[":id"].$delete({ param: { id: String(id) } }));
}
