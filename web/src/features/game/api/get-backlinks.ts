import useSWR from "swr";
import type { Paged } from "@schemas/query";
import type { Backlink } from "@schemas/wiki";
import type { WikiType } from "@shared/wiki-syntax";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";
import { GAME_DEDUPE_MS } from "./game-cache";

/** How many linking pages the section lists (the API pages the rest). */
export const BACKLINKS_SHOWN = 20;

/** A record by id, or a guide by the slug its page's URL holds. */
export type BacklinkTarget = { type: WikiType; id: number } | { type: "guide"; slug: string };

const query = (target: BacklinkTarget) => ({
  type: target.type,
  ...("id" in target ? { id: String(target.id) } : { slug: target.slug }),
  pageSize: String(BACKLINKS_SHOWN),
});

/** The SWR key of a record's "What links here" (part of the page's first view). */
export const backlinksKey = (target: BacklinkTarget): string => apiKey("/api/backlinks", query(target));

/** GET /api/backlinks: the guides and news that link to or embed a record. */
export const getBacklinks = (target: BacklinkTarget): Promise<Paged<Backlink>> => unwrap(api.api.backlinks.$get({ query: query(target) }));

export function useBacklinks(target: BacklinkTarget | null) {
  return useSWR(target ? backlinksKey(target) : null, () => getBacklinks(target!), { dedupingInterval: GAME_DEDUPE_MS });
}
