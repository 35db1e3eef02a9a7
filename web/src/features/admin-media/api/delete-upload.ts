import { api, unwrap } from "@/lib/api-client";
import type { UploadId } from "../lib/upload-engine";
import { revalidateUnfinishedUploads } from "./get-unfinished-uploads";

/** DELETE /api/uploads/{id}: aborts the upload and removes what the server holds of it. */
export async function deleteUpload(id: UploadId): Promise<void> {
  await unwrap(api.api.uploads[":id"].$delete({ param: { id: String(id) } }));
  void revalidateUnfinishedUploads();
}
