import useSWR from "swr";
import { gameKeys } from "@/features/game/lib/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { HeroDetail } from "@schemas/hero";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/hero/{id} with its faction and starting spells: the hero page's one read. */
export async function getHeroPage(id: number): Promise<HeroDetail> {
  const body = await unwrap(
    api.api.hero[":id"].$get({ param: { id: String(id) }, query: { includeFaction: "true", includeSpells: "true" } }),
  );
  // The client's JSON type is wider than the stored JSON lists; the shape is HeroDetail.
  return body as HeroDetail;
}

export function useHeroPage(id: number | null) {
  return useSWR(id === null ? null : gameKeys.heroPage(id), () => getHeroPage(id!), { dedupingInterval: GAME_DEDUPE_MS });
}
