import { api, unwrap } from "@/lib/api-client";
import type { UploadId } from "../lib/upload-engine";

/** PUT /api/uploads/{id}/poster: a video's poster frame (WebP, drawn in the browser). */
export async function putUploadPoster(id: UploadId, poster: Blob): Promise<void> {
  await unwrap(
    api.api.uploads[":id"].poster.$put({ param: { id: String(id) } }, { init: { body: poster, headers: { "Content-Type": "image/webp" } } }),
  );
}
