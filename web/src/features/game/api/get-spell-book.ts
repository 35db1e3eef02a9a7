import useSWR from "swr";
import { gameKeys, SPELL_BOOK_PAGE_SIZE, spellBookQuery, type SpellBookFilters } from "@/features/game/lib/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { Paged } from "@schemas/query";
import type { SpellWithFactions } from "@schemas/spell";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/spell with the spell book's filters: one page of the matching spells with their factions. */
export async function getSpellBook(filters: SpellBookFilters, page: number): Promise<Paged<SpellWithFactions>> {
  const body = await unwrap(
    api.api.spell.$get({
      query: { ...spellBookQuery(filters), includeFactions: "true", page: String(page), pageSize: String(SPELL_BOOK_PAGE_SIZE) },
    }),
  );
  // includeFactions=true: every item carries its factions.
  return body as Paged<SpellWithFactions>;
}

export function useSpellBook(filters: SpellBookFilters, page: number) {
  return useSWR(gameKeys.spellBook(filters, page), () => getSpellBook(filters, page), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: true,
  });
}
