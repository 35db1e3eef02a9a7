import useSWR from "swr";
import { gameKeys } from "@/features/game/lib/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { SpellWithFactions } from "@schemas/spell";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/spell/{id} with the factions offering it: the spell page's one read. */
export async function getSpellPage(id: number): Promise<SpellWithFactions> {
  const body = await unwrap(api.api.spell[":id"].$get({ param: { id: String(id) }, query: { includeFactions: "true" } }));
  return body as SpellWithFactions;
}

export function useSpellPage(id: number | null) {
  return useSWR(id === null ? null : gameKeys.spellPage(id), () => getSpellPage(id!), { dedupingInterval: GAME_DEDUPE_MS });
}
