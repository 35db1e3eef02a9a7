import { HERO_TYPES, RARITY_RANGE, type FilterOption, type HeroType } from "@shared/game";
import { pagingQuery, queryEnum, queryFlag, queryId, queryInt, queryText, strictQuery } from "./game-query";
import type { JsonValue } from "./unit";

/** A hero as every /hero and /faction answer shows it. */
export type Hero = {
  id: number;
  factionId: number;
  name: string;
  title: string;
  biography: string;
  summary: string;
  /** Free text (e.g. "Battle Mage"). */
  heroClass: string;
  /** Might, Magic or Hybrid: what the class filters of the pages use. */
  heroType: HeroType;
  specialty: string;
  specialtyDescription: string;
  startingAttack: number;
  startingDefense: number;
  startingSpellPower: number;
  startingKnowledge: number;
  rarityLevel: number;
  /** JSON lists (skill names, spell names) or null. */
  startingSkills: JsonValue;
  startingSpells: JsonValue;
  portraitUrl: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export const HERO_CLASS_MAX = 50;

/** `heroClass` matches the free-text class case-insensitively; `heroType` is Might, Magic or Hybrid. */
export const heroFilterShape = {
  heroClass: queryText("Hero class", HERO_CLASS_MAX),
  heroType: queryEnum("Hero type", HERO_TYPES),
  activeOnly: queryFlag("activeOnly", true),
};

export const factionHeroesQuerySchema = strictQuery(heroFilterShape);

export const heroListQuerySchema = strictQuery({
  ...heroFilterShape,
  factionId: queryId("Faction id"),
  rarityLevel: queryInt("Rarity level", RARITY_RANGE.min, RARITY_RANGE.max),
  ...pagingQuery,
});
export type HeroListQuery = (typeof heroListQuerySchema)["_output"];

export const heroFiltersQuerySchema = strictQuery({ factionId: queryId("Faction id") });

/** GET /hero/filters. */
export type HeroFilters = {
  heroClasses: FilterOption<string>[];
  heroTypes: FilterOption<HeroType>[];
  rarityLevels: FilterOption<number>[];
  factions: FilterOption<number>[];
};
