/**
 * SWR settings of the game reads: factions, units and heroes are cached for a minute (spec).
 * Keys come from @shared/game-keys (the Worker seeds the same keys into the HTML).
 */
export { gameKeys } from "@shared/game-keys";

export const GAME_DEDUPE_MS = 60_000;

