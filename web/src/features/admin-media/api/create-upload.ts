import { api, unwrap } from "@/lib/api-client";
import type { Upload, UploadCreateFormValues } from "@schemas/uploads";
import { revalidateUnfinishedUploads } from "./get-unfinished-uploads";

/** POST /api/uploads: starts an upload (415 wrong type, 413 over the site's limit). */
export async function createUpload(input: UploadCreateFormValues): Promise<Upload> {
  const upload = await unwrap(api.api.uploads.$post({ json: input }));
  void revalidateUnfinishedUploads();
  return upload;
}
