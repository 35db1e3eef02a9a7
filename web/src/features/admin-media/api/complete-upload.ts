import { sessionFetch, unwrap } from "@/lib/api-client";
import type { MediaItem } from "@schemas/media";
import type { UploadId } from "../lib/upload-engine";
import { revalidateUnfinishedUploads } from "./get-unfinished-uploads";
import { revalidateAllMedia } from "./media-cache";

/** POST /api/uploads/{id}/complete: the pending media item is created and its thumbnails queued. */
export async function completeUpload(id: UploadId): Promise<{ media: MediaItem }> {
  const result: { media: MediaItem } = (await unwrap(sessionFetch(`/api/uploads/${encodeURIComponent(String(id))}/complete`, { method: "POST" }))) as { media: MediaItem };
  void revalidateAllMedia();
  void revalidateUnfinishedUploads();
  return result;
}
