import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import type { GameInfoArticle, GameInfoCategories, GameInfoItems, GameInfoListItem } from "@schemas/gameinfo";
import type { Paged } from "@schemas/query";
import { gameInfoListQuery, type GameInfoUrlFilters } from "@/features/game/lib/game-keys";
import type { RenderedContent } from "@shared/wiki-syntax";
import { GAME_DEDUPE_MS, gameKeys } from "./game-cache";

/** GET /api/gameinfo/slug/{slug}: the guide with its body rendered for readers. */
export async function getGameInfoArticle(slug: string): Promise<GameInfoArticle & Partial<RenderedContent>> {
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

/** GET /api/gameinfo: one page of published guides (featured first) for /game-info's filters. */
export async function getGameInfoList(filters: GameInfoUrlFilters): Promise<Paged<GameInfoListItem>> {
  return unwrap(api.api.gameinfo.$get({ query: gameInfoListQuery(filters) }));
}

export function useGameInfoList(filters: GameInfoUrlFilters) {
  return useSWR(gameKeys.gameInfoList(filters), () => getGameInfoList(filters), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: true,
  });
}

/** GET /api/gameinfo/categories: the published guides' categories with counts. */
export async function getGameInfoCategories(): Promise<GameInfoCategories> {
  return unwrap(api.api.gameinfo.categories.$get({ query: {} }));
}

export function useGameInfoCategories() {
  return useSWR(gameKeys.gameInfoCategories(), getGameInfoCategories, { dedupingInterval: GAME_DEDUPE_MS });
}
