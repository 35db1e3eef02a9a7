import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys } from "@shared/media-keys";
import type { MediaCategory } from "@schemas/media";

/** Media categories are cached for 2 minutes. */
const CATEGORIES_DEDUPE_MS = 120_000;

/** GET /api/media/categories (moderators get inactive ones too unless activeOnly). */
export async function getMediaCategories(activeOnly?: boolean): Promise<MediaCategory[]> {
  const query = activeOnly === undefined ? {} : { activeOnly: String(activeOnly) };
  return unwrap(api.api.media.categories.$get({ query }));
}

export function useMediaCategories(activeOnly?: boolean) {
  return useSWR(mediaKeys.categories(activeOnly), () => getMediaCategories(activeOnly), {
    dedupingInterval: CATEGORIES_DEDUPE_MS,
  });
}
