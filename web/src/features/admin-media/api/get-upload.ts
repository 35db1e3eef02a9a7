import { sessionFetch, unwrap } from "@/lib/api-client";
import type { UploadId, UploadSession } from "../lib/upload-engine";

/** GET /api/uploads/{id}: the upload with the parts the server already has. */
export async function getUpload(id: UploadId): Promise<UploadSession> {
  return (await unwrap(sessionFetch(`/api/uploads/${encodeURIComponent(String(id))}`))) as UploadSession;
}
