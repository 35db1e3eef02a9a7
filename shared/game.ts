/**
 * Game content constants shared by the Worker (schemas, queries, database checks) and the SPA
 * (filters, badges): the enums and ranges of factions, units, heroes and spells. Pure.
 */
export const ALIGNMENTS = ["Order", "Chaos", "Neutral"] as const;
export const UNIT_TYPES = ["Infantry", "Ranged", "Cavalry", "Flying", "Magic"] as const;
export const HERO_TYPES = ["Might", "Magic", "Hybrid"] as const;
export const SPELL_SCHOOLS = ["Earth", "Air", "Fire", "Water", "Light", "Dark"] as const;
export const SPELL_TYPES = ["Combat", "Adventure", "Global"] as const;
export const SPELL_TARGETS = ["Single", "Area", "All", "Self"] as const;
export const SPELL_DURATIONS = ["Instant", "Combat", "Permanent", "Turns"] as const;

export type Alignment = (typeof ALIGNMENTS)[number];

/** A faction as other records name it (the unit, hero and spell pages link to it). */
export type FactionRef = { id: number; name: string; alignment: Alignment };
export type UnitType = (typeof UNIT_TYPES)[number];
export type HeroType = (typeof HERO_TYPES)[number];
export type SpellSchool = (typeof SPELL_SCHOOLS)[number];
export type SpellType = (typeof SPELL_TYPES)[number];
export type SpellTarget = (typeof SPELL_TARGETS)[number];
export type SpellDuration = (typeof SPELL_DURATIONS)[number];

export const TIER_RANGE = { min: 1, max: 7 } as const;
export const UPGRADE_LEVEL_RANGE = { min: 0, max: 2 } as const;
export const RARITY_RANGE = { min: 1, max: 4 } as const;
export const SPELL_LEVEL_RANGE = { min: 1, max: 5 } as const;

/** The tiers 1..7 and upgrade levels 0..2 as lists (filters, toggles). */
export const TIERS = [1, 2, 3, 4, 5, 6, 7] as const;
export const UPGRADE_LEVELS = [0, 1, 2] as const;

/** How an upgrade level is called in the UI (the game-assets editor's toggle uses the same words). */
export const UPGRADE_LEVEL_LABELS = ["Normal", "Upgrade 1", "Upgrade 2"] as const;

/** 'Tier N'. */
export const tierLabel = (tier: number) => `Tier ${tier}`;

/**
 * One value of a `/filters` answer: a value that exists among the visible rows, how many rows
 * have it, and for ids (factions) the display name.
 */
export type FilterOption<T extends string | number = string | number> = { value: T; count: number; label?: string };

/** Page sizes of the game lists (/unit, /hero, /spell, /gameinfo): a default and a hard maximum. */
export const GAME_DEFAULT_PAGE_SIZE = 50;
export const GAME_MAX_PAGE_SIZE = 200;

/** Featured and related game-info defaults (spec constants) and their maximum. */
export const GAMEINFO_FEATURED_DEFAULT = 6;
export const GAMEINFO_RELATED_DEFAULT = 5;
export const GAMEINFO_LIMIT_MAX = 50;

/** Game-info slugs: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

/** Longest game-info category and search text (the /game-info URL is cut to these). */
export const GAMEINFO_CATEGORY_MAX = 50;
export const GAMEINFO_SEARCH_MAX = 200;

// ---------------------------------------------------------------------------------------------
// Unit comparison (/compare and GET /unit?ids=)
// ---------------------------------------------------------------------------------------------

/** A comparison holds 2 to 4 units. */
export const UNIT_COMPARE_MIN = 2;
export const UNIT_COMPARE_MAX = 4;

/** The `units` parameter of /compare for these ids, in the order given ("units=12,47,88"; "" for none). */
export const compareSearch = (ids: readonly number[]): string => (ids.length ? `units=${ids.join(",")}` : "");
