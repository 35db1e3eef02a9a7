/**
 * SWR settings of the game reads: factions, units and heroes are cached for a minute (spec).
 * Keys come from @/features/game/lib/game-keys (the Worker seeds the same keys into the HTML).
 */
export { gameKeys } from "@/features/game/lib/game-keys";

export const GAME_DEDUPE_MS = 60_000;

