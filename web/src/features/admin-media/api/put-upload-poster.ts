import { sessionFetch, unwrap } from "@/lib/api-client";
import type { UploadId } from "../lib/upload-engine";

/** PUT /api/uploads/{id}/poster: a video's poster frame (WebP, drawn in the browser). */
export async function putUploadPoster(id: UploadId, poster: Blob): Promise<void> {
  await unwrap(
    sessionFetch(`/api/uploads/${encodeURIComponent(String(id))}/poster`, {
      method: "PUT",
      headers: { "Content-Type": "image/webp" },
      body: poster,
    }),
  );
}
