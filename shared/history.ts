/**
 * The records whose changes are kept (factions, units, heroes, spells, news articles, game-info
 * guides) and the
 * kinds of change (restore: a change that put an earlier change's old values back). Shared by
 * the database schema, the API and the SPA.
 */
export const HISTORY_ENTITY_TYPES = ["faction", "unit", "hero", "spell", "news", "gameinfo"] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];

export const HISTORY_ACTION_TYPES = ["create", "update", "delete", "restore"] as const;
export type HistoryActionType = (typeof HISTORY_ACTION_TYPES)[number];
