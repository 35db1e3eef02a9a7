/**
 * The API keys of the game pages (units, heroes, spells, comparison), shared by the SPA's hooks
 * and the Worker that writes a page's first API answers into its HTML (see @shared/news-keys).
 * Each page's URL is parsed here once, for both sides.
 */
import { apiKey } from "./api-key";
import {
  GAME_MAX_PAGE_SIZE,
  SPELL_LEVEL_RANGE,
  SPELL_SCHOOLS,
  SPELL_TARGETS,
  SPELL_TYPES,
  UNIT_COMPARE_MAX,
  type SpellSchool,
  type SpellTarget,
  type SpellType,
} from "./game";
import { parseId } from "./ids";

export const unitKeys = {
  /** The unit page: the unit with its faction, upgrade chain and same-tier units. */
  page: (id: number) => apiKey(`/api/unit/${id}`, { includeFaction: true, includeSameTier: true, includeUpgrades: true }),
  /** The comparison: the units of `ids` in that order (1 to 4). */
  byIds: (ids: readonly number[]) => apiKey("/api/unit", { ids: ids.join(",") }),
};

export const heroKeys = {
  /** The hero page: the hero with its faction and the spells it starts with. */
  page: (id: number) => apiKey(`/api/hero/${id}`, { includeFaction: true, includeSpells: true }),
};

export type SpellBookFilters = { school?: SpellSchool; level?: number; type?: SpellType; target?: SpellTarget };

export const spellKeys = {
  /** The spell book: every visible spell matching the filters (one page holds them all), with factions. */
  book: (f: SpellBookFilters) =>
    apiKey("/api/spell", { ...spellBookQuery(f), includeFactions: true, pageSize: GAME_MAX_PAGE_SIZE }),
  /** The spell page. */
  page: (id: number) => apiKey(`/api/spell/${id}`, { includeFactions: true }),
};

/** The filters as query values (unset ones left out): the spell book's URL and its API query. */
export function spellBookQuery(f: SpellBookFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.school) out.school = f.school;
  if (f.level !== undefined) out.level = String(f.level);
  if (f.type) out.type = f.type;
  if (f.target) out.target = f.target;
  return out;
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.find((v) => v === text);

/** Reads /spells?school=…&level=…&type=…&target=… (unknown values count as unset). */
export function parseSpellBookFilters(params: URLSearchParams): SpellBookFilters {
  const level = Number(params.get("level"));
  return {
    school: oneOf(SPELL_SCHOOLS, params.get("school")),
    level: Number.isInteger(level) && level >= SPELL_LEVEL_RANGE.min && level <= SPELL_LEVEL_RANGE.max ? level : undefined,
    type: oneOf(SPELL_TYPES, params.get("type")),
    target: oneOf(SPELL_TARGETS, params.get("target")),
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
    if (id === null || id > 2_147_483_647) invalid.push(part);
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
