import useSWR, { mutate } from "swr";
import { api, unwrap } from "@/lib/api-client";
import { apiKey } from "@shared/api-key";
import type { Upload } from "@schemas/uploads";
import { keepOnlyStoredUploads } from "../lib/upload-store";

const KEY = apiKey("/api/uploads");

/** GET /api/uploads: the signed-in user's unfinished uploads, newest first. */
export async function getUnfinishedUploads(): Promise<Upload[]> {
  const body = await unwrap(api.api.uploads.$get({ query: {} }));
  // What the browser remembers of uploads the server no longer holds is dropped.
  keepOnlyStoredUploads(body.items.map((u) => u.id));
  return body.items;
}

export function useUnfinishedUploads(enabled = true) {
  return useSWR(enabled ? KEY : null, getUnfinishedUploads, { dedupingInterval: 2_000 });
}

export function revalidateUnfinishedUploads(): Promise<unknown> {
  return mutate(KEY);
}
