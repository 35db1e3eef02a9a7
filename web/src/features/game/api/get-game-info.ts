import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import type { GameInfoArticle, GameInfoItems } from "@schemas/gameinfo";
import { GAME_DEDUPE_MS, gameKeys } from "./game-cache";

/** GET /api/gameinfo/featured (6 by default). */
export async function getFeaturedGameInfo(): Promise<GameInfoItems> {
  return unwrap(api.api.gameinfo.featured.$get({ query: {} }));
}

export function useFeaturedGameInfo() {
  return useSWR(gameKeys.gameInfoFeatured(), getFeaturedGameInfo, { dedupingInterval: GAME_DEDUPE_MS });
}

/** GET /api/gameinfo/slug/{slug}. */
export async function getGameInfoArticle(slug: string): Promise<GameInfoArticle> {
  return unwrap(api.api.gameinfo.slug[":slug"].$get({ param: { slug }, query: {} }));
}

export function useGameInfoArticle(slug: string | undefined) {
  return useSWR(slug ? gameKeys.gameInfoArticle(slug) : null, () => getGameInfoArticle(slug!), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: false,
  });
}

/** GET /api/gameinfo/slug/{slug}/related (5 by default). */
export async function getRelatedGameInfo(slug: string): Promise<GameInfoItems> {
  return unwrap(api.api.gameinfo.slug[":slug"].related.$get({ param: { slug }, query: {} }));
}

export function useRelatedGameInfo(slug: string | undefined) {
  return useSWR(slug === undefined ? null : gameKeys.gameInfoRelated(slug), () => getRelatedGameInfo(slug!), {
    dedupingInterval: GAME_DEDUPE_MS,
  });
}
