import { api, unwrap } from "@/lib/api-client";
import type { UploadCompleteResponse } from "@schemas/uploads";
import type { UploadId } from "../lib/upload-engine";
import { revalidateUnfinishedUploads } from "./get-unfinished-uploads";
import { revalidateAllMedia } from "./media-cache";

/** POST /api/uploads/{id}/complete: the pending media item is created and its thumbnails queued. */
export async function completeUpload(id: UploadId): Promise<UploadCompleteResponse> {
  const result = await unwrap(api.api.uploads[":id"].complete.$post({ param: { id: String(id) } }));
  void revalidateAllMedia();
  void revalidateUnfinishedUploads();
  return result;
}
