import type { ThumbnailSyncResponse } from "@schemas/media";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/thumbnailsync/trigger-manual (moderator level): re-queues pending and failed thumbnails. */
export async function triggerThumbnailSync(): Promise<ThumbnailSyncResponse> {
  // The answer has a `message` field, which unwrap's error-envelope filter would take for an error.
  return (await unwrap(api.api.thumbnailsync["trigger-manual"].$post())) as unknown as ThumbnailSyncResponse;
}
