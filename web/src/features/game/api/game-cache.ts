import { mutate } from "swr";

/**
 * SWR settings of the game reads: factions, units and heroes are cached for a minute (spec).
 * Keys come from @shared/game-keys (the Worker seeds the same keys into the HTML).
 */
export { gameKeys } from "@shared/game-keys";

export const GAME_DEDUPE_MS = 60_000;

const GAME_PREFIXES = ["/api/faction", "/api/unit", "/api/hero", "/api/spell", "/api/gameinfo"];

/** After a game write: revalidate every cached game read. */
export function revalidateAllGame(): Promise<unknown> {
  return mutate((key) => typeof key === "string" && GAME_PREFIXES.some((p) => key.startsWith(p)));
}
