import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import type { Faction } from "@schemas/faction";
import type { Paged } from "@schemas/query";
import { GAME_DEDUPE_MS, gameKeys } from "./game-cache";

/** GET /api/faction: the visible factions with their counts, in display order. */
export async function getFactions(): Promise<Paged<Faction>> {
  return unwrap(api.api.faction.$get({ query: {} }));
}

export function useFactions() {
  return useSWR(gameKeys.factions(), getFactions, { dedupingInterval: GAME_DEDUPE_MS });
}
