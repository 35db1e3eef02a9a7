import { api, unwrap } from "@/lib/api-client";
import type { Upload } from "@schemas/uploads";
import type { UploadId } from "../lib/upload-engine";

/** GET /api/uploads/{id}: the upload with the parts the server already has. */
export async function getUpload(id: UploadId): Promise<Upload> {
  return unwrap(api.api.uploads[":id"].$get({ param: { id: String(id) }, query: {} }));
}
