import { api, unwrap } from "@/lib/api-client";
import type { RegenerateThumbnailsResponse } from "@schemas/media";
import { revalidateAllMedia } from "./media-cache";

/** POST /api/admin/regenerate-thumbnails: queues jobs; the answer's message is shown to the user. */
export async function regenerateThumbnails(force: boolean): Promise<RegenerateThumbnailsResponse> {
  const body = await unwrap(api.api.admin["regenerate-thumbnails"].$post({ json: { force } }));
  void revalidateAllMedia();
  return body;
}

/** POST /api/media/{id}/thumbnails: the Retry of one failed item. */
export async function retryThumbnails(id: number): Promise<void> {
  await unwrap(api.api.media[":id"].thumbnails.$post({ param: { id: String(id) } }));
  void revalidateAllMedia();
}
