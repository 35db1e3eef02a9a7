import useSWR from "swr";
import { GAME_MAX_PAGE_SIZE } from "@shared/game";
import { gameKeys, spellBookQuery, type SpellBookFilters } from "@shared/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { Paged } from "@schemas/game-query";
import type { SpellWithFactions } from "@schemas/spell";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/spell with the spell book's filters: every matching spell with its factions. */
export async function getSpellBook(filters: SpellBookFilters): Promise<Paged<SpellWithFactions>> {
  const body = await unwrap(
    api.api.spell.$get({
      query: { ...spellBookQuery(filters), includeFactions: "true", page: "1", pageSize: String(GAME_MAX_PAGE_SIZE) },
    }),
  );
  // includeFactions=true: every item carries its factions.
  return body as Paged<SpellWithFactions>;
}

export function useSpellBook(filters: SpellBookFilters) {
  return useSWR(gameKeys.spellBook(filters), () => getSpellBook(filters), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: true,
  });
}
