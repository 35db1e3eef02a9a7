import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { FACTION_PAGE_QUERY } from "@/features/game/lib/game-keys";
import type { Faction } from "@schemas/faction";
import { GAME_DEDUPE_MS, gameKeys } from "./game-cache";

/** GET /api/faction/{id} with its units, heroes and spells (one request, one D1 batch). */
export async function getFactionPage(id: number): Promise<Faction> {
  const query = Object.fromEntries(Object.entries(FACTION_PAGE_QUERY).map(([k, v]) => [k, String(v)]));
  return unwrap(api.api.faction[":id"].$get({ param: { id: String(id) }, query }));
}

/** The faction page's data; `id` null (a malformed URL) fetches nothing. */
export function useFactionPage(id: number | null) {
  return useSWR(id === null ? null : gameKeys.factionPage(id), () => getFactionPage(id!), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: false,
  });
}
