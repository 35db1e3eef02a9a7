import { sessionFetch, unwrap } from "@/lib/api-client";
import type { NewUpload, UploadSession } from "../lib/upload-engine";
import { revalidateUnfinishedUploads } from "./get-unfinished-uploads";

/** POST /api/uploads: starts an upload (415 wrong type, 413 over the site's limit). */
export async function createUpload(input: NewUpload): Promise<UploadSession> {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) };
  const session = (await unwrap(sessionFetch("/api/uploads", init))) as UploadSession;
  void revalidateUnfinishedUploads();
  return session;
}
