import useSWR, { mutate } from "swr";
import { sessionFetch, unwrap } from "@/lib/api-client";
import { apiKey } from "@shared/api-key";
import type { UploadSession } from "../lib/upload-engine";

const KEY = apiKey("/api/uploads");

/** GET /api/uploads: the signed-in user's unfinished uploads, newest first. */
export async function getUnfinishedUploads(): Promise<UploadSession[]> {
  const body: { items: UploadSession[] } = (await unwrap(sessionFetch(KEY))) as { items: UploadSession[] };
  return body.items;
}

export function useUnfinishedUploads(enabled = true) {
  return useSWR(enabled ? KEY : null, getUnfinishedUploads, { dedupingInterval: 2_000 });
}

export function revalidateUnfinishedUploads(): Promise<unknown> {
  return mutate(KEY);
}
