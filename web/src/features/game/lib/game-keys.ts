/**
 * The API keys of the game pages, shared by the SPA's hooks and the Worker that writes a page's
 * first API answers into its HTML (same key convention as @shared/api-key), plus the URL state of
 * the faction page (tab and filters live in the query string), the guides (category, search,
 * page), the spell book (filters) and the comparison (unit ids).
 */
import { apiKey } from "@shared/api-key";
import {
  GAMEINFO_CATEGORY_MAX,
  GAMEINFO_SEARCH_MAX,
  HERO_TYPES,
  SPELL_LEVEL_RANGE,
  SPELL_SCHOOLS,
  SPELL_TARGETS,
  SPELL_TYPES,
  TIERS,
  UNIT_COMPARE_MAX,
  UNIT_TYPES,
  UPGRADE_LEVELS,
  type HeroType,
  type SpellSchool,
  type SpellTarget,
  type SpellType,
  type UnitType,
} from "@shared/game";
import { parseId, parsePage } from "@shared/ids";
import { paths } from "@shared/paths";

/** Everything the faction page shows comes from one read (one D1 batch). */
export const FACTION_PAGE_QUERY = { includeUnits: true, includeHeroes: true, includeSpells: true } as const;

export const gameKeys = {
  factions: () => "/api/faction",
  /** The faction page's read: the faction with its units, heroes and spells. */
  factionPage: (id: number) => apiKey(`/api/faction/${id}`, FACTION_PAGE_QUERY),
  gameInfoFeatured: () => "/api/gameinfo/featured",
  /** The /game-info page's list: published guides, featured first, one page of the URL's filters. */
  gameInfoList: (f: GameInfoUrlFilters) => apiKey("/api/gameinfo", gameInfoListQuery(f)),
  /** The categories of the published guides, with counts (the /game-info filter). */
  gameInfoCategories: () => "/api/gameinfo/categories",
  gameInfoArticle: (slug: string) => `/api/gameinfo/slug/${encodeURIComponent(slug)}`,
  gameInfoRelated: (slug: string) => `/api/gameinfo/slug/${encodeURIComponent(slug)}/related`,
  /** The unit page: the unit with its faction, upgrade chain and same-tier units. */
  unitPage: (id: number) => apiKey(`/api/unit/${id}`, { includeFaction: true, includeSameTier: true, includeUpgrades: true }),
  /** The comparison: the units of `ids` in that order (1 to 4). */
  unitsByIds: (ids: readonly number[]) => apiKey("/api/unit", { ids: ids.join(",") }),
  /** The hero page: the hero with its faction and the spells it starts with. */
  heroPage: (id: number) => apiKey(`/api/hero/${id}`, { includeFaction: true, includeSpells: true }),
  /** The spell book: one page (`?page=N`, SPELL_BOOK_PAGE_SIZE spells) of the visible spells matching the filters, with factions. */
  spellBook: (f: SpellBookFilters, page = 1) =>
    apiKey("/api/spell", { ...spellBookQuery(f), includeFactions: true, ...(page > 1 ? { page } : {}), pageSize: SPELL_BOOK_PAGE_SIZE }),
  /** The spell page. */
  spellPage: (id: number) => apiKey(`/api/spell/${id}`, { includeFactions: true }),
};

/** Guides per page on /game-info. */
export const GAME_INFO_PAGE_SIZE = 12;

/** The URL state of /game-info: `?category=Strategy&search=dragons&page=2`. */
export type GameInfoUrlFilters = { category: string; search: string; page: number };

/** Reads /game-info's query string (missing or bad values fall back to the defaults; over-long texts are cut). */
export function parseGameInfoFilters(params: URLSearchParams): GameInfoUrlFilters {
  return {
    category: (params.get("category") ?? "").slice(0, GAMEINFO_CATEGORY_MAX).trim(),
    search: (params.get("search") ?? "").slice(0, GAMEINFO_SEARCH_MAX).trim(),
    page: parsePage(params.get("page")),
  };
}

/** The query string of /game-info for these filters (defaults left out, so URLs stay short). */
export function gameInfoUrlParams(f: GameInfoUrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.category) params.set("category", f.category);
  if (f.search) params.set("search", f.search);
  if (f.page > 1) params.set("page", String(f.page));
  return params;
}

/** GET /api/gameinfo's query for the page's filters. */
export function gameInfoListQuery(f: GameInfoUrlFilters): Record<string, string> {
  return {
    ...Object.fromEntries(gameInfoUrlParams(f)),
    pageSize: String(GAME_INFO_PAGE_SIZE),
  };
}

export const FACTION_TABS = ["overview", "units", "heroes"] as const;
export type FactionTab = (typeof FACTION_TABS)[number];

/** The faction page's URL state: ?tab=units&tier=3&type=Flying&level=1 or ?tab=heroes&class=Magic. */
export type FactionView = {
  tab: FactionTab;
  tier: number | null;
  unitType: UnitType | null;
  /** Upgrade level shown on the Units tab: 0 Normal (default), 1, 2. */
  level: number;
  heroClass: HeroType | null;
};

const oneOf = <T extends string | number>(list: readonly T[], value: T | null | undefined): T | null =>
  value !== null && value !== undefined && list.includes(value) ? value : null;

/** Reads the view from the query string; unknown values fall back to the defaults. */
export function parseFactionView(params: URLSearchParams): FactionView {
  const tier = Number(params.get("tier"));
  const level = Number(params.get("level"));
  return {
    tab: oneOf(FACTION_TABS, params.get("tab") as FactionTab | null) ?? "overview",
    tier: oneOf(TIERS as readonly number[], Number.isInteger(tier) ? tier : null),
    unitType: oneOf(UNIT_TYPES, params.get("type") as UnitType | null),
    level: oneOf(UPGRADE_LEVELS as readonly number[], Number.isInteger(level) ? level : null) ?? 0,
    heroClass: oneOf(HERO_TYPES, params.get("class") as HeroType | null),
  };
}

/** The query string of a view (defaults left out, so the plain page has a clean URL). */
export function factionViewParams(view: FactionView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== "overview") params.set("tab", view.tab);
  if (view.tier !== null) params.set("tier", String(view.tier));
  if (view.unitType) params.set("type", view.unitType);
  if (view.level) params.set("level", String(view.level));
  if (view.heroClass) params.set("class", view.heroClass);
  return params;
}

/**
 * Spells per page of the spell book (/spells?page=N): twelve rows of two cards, a readable
 * length whose first layout stays short on a phone (docs/scaling.md, the spell book's blocking time).
 */
export const SPELL_BOOK_PAGE_SIZE = 24;

/** The spell book's page from its URL (`?page=N`; missing or malformed is 1). */
export const parseSpellBookPage = (params: URLSearchParams): number => parsePage(params.get("page"));

/** The spell book's query string for these filters and page (page 1 and unset filters left out). */
export function spellBookSearch(f: SpellBookFilters, page: number): URLSearchParams {
  const params = new URLSearchParams(spellBookQuery(f));
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The spell book's URL for these filters and page. */
export function spellBookPath(f: SpellBookFilters, page: number): string {
  return paths.spells(spellBookSearch(f, page));
}

export type SpellBookFilters = { school?: SpellSchool; level?: number; type?: SpellType; target?: SpellTarget };

/** The filters as query values (unset ones left out): the spell book's URL and its API query. */
export function spellBookQuery(f: SpellBookFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.school) out.school = f.school;
  if (f.level !== undefined) out.level = String(f.level);
  if (f.type) out.type = f.type;
  if (f.target) out.target = f.target;
  return out;
}

const pick = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.find((v) => v === text);

/** Reads /spells?school=…&level=…&type=…&target=… (unknown values count as unset). */
export function parseSpellBookFilters(params: URLSearchParams): SpellBookFilters {
  const level = Number(params.get("level"));
  return {
    school: pick(SPELL_SCHOOLS, params.get("school")),
    level: Number.isInteger(level) && level >= SPELL_LEVEL_RANGE.min && level <= SPELL_LEVEL_RANGE.max ? level : undefined,
    type: pick(SPELL_TYPES, params.get("type")),
    target: pick(SPELL_TARGETS, params.get("target")),
  };
}

/** What /compare?units=… asks for, and what is wrong with it. */
export type CompareSelection = {
  /** The distinct valid ids, in the order given, at most 4: what the page compares. */
  ids: number[];
  /** Ids that appeared more than once (each shown once). */
  duplicates: number[];
  /** Parts that are not ids at all ("abc", "0"). */
  invalid: string[];
  /** Valid distinct ids beyond the 4th (not compared). */
  dropped: number[];
};

/** Reads the `units` parameter of /compare ("12,47,88"). */
export function parseCompareUnits(params: URLSearchParams): CompareSelection {
  const parts = (params.get("units") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const distinct: number[] = [];
  const duplicates: number[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const id = parseId(part);
    if (id === null) invalid.push(part);
    else if (distinct.includes(id)) {
      if (!duplicates.includes(id)) duplicates.push(id);
    } else distinct.push(id);
  }
  return {
    ids: distinct.slice(0, UNIT_COMPARE_MAX),
    duplicates,
    invalid,
    dropped: distinct.slice(UNIT_COMPARE_MAX),
  };
}
