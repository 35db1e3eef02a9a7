/**
 * The API keys of the game pages, shared by the SPA's hooks and the Worker that writes a page's
 * first API answers into its HTML (same key convention as ./api-key.ts), plus the URL state of
 * the faction page (tab and filters live in the query string).
 */
import { apiKey } from "./api-key";
import { HERO_TYPES, TIERS, UNIT_TYPES, UPGRADE_LEVELS, type HeroType, type UnitType } from "./game";

/** Everything the faction page shows comes from one read (one D1 batch). */
export const FACTION_PAGE_QUERY = { includeUnits: true, includeHeroes: true, includeSpells: true } as const;

export const gameKeys = {
  factions: () => "/api/faction",
  /** The faction page's read: the faction with its units, heroes and spells. */
  factionPage: (id: number) => apiKey(`/api/faction/${id}`, FACTION_PAGE_QUERY),
  gameInfoFeatured: () => "/api/gameinfo/featured",
  gameInfoArticle: (slug: string) => `/api/gameinfo/slug/${encodeURIComponent(slug)}`,
  gameInfoRelated: (id: number) => `/api/gameinfo/${id}/related`,
};

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
