/** Game content reads are deduped for a minute (the site's cache time for factions, units and heroes). */
export const GAME_DEDUPE_MS = 60_000;
