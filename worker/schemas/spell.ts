import {
  SPELL_LEVEL_RANGE,
  SPELL_SCHOOLS,
  SPELL_TYPES,
  type FilterOption,
  type SpellDuration,
  type SpellSchool,
  type SpellTarget,
  type SpellType,
} from "@shared/game";
import { pagingQuery, queryEnum, queryFlag, queryId, queryInt, queryOptionalFlag, strictQuery } from "./game-query";
import type { JsonValue } from "./unit";

/** A spell as every /spell and /faction answer shows it. */
export type Spell = {
  id: number;
  name: string;
  description: string;
  school: SpellSchool;
  level: number;
  manaCost: number;
  basePower: number;
  type: SpellType;
  target: SpellTarget;
  duration: SpellDuration;
  isCommon: boolean;
  requiredSkillLevel: number;
  /** A JSON object describing the effect, or null. */
  effects: JsonValue;
  /** The factions whose mage guild offers it (only visible factions for guests). */
  factionIds: number[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export const spellListQuerySchema = strictQuery({
  school: queryEnum("School", SPELL_SCHOOLS),
  level: queryInt("Level", SPELL_LEVEL_RANGE.min, SPELL_LEVEL_RANGE.max),
  type: queryEnum("Type", SPELL_TYPES),
  isCommon: queryOptionalFlag("isCommon"),
  factionId: queryId("Faction id"),
  activeOnly: queryFlag("activeOnly", true),
  ...pagingQuery,
});
export type SpellListQuery = (typeof spellListQuerySchema)["_output"];

/** GET /spell/filters. */
export type SpellFilters = {
  schools: FilterOption<SpellSchool>[];
  levels: FilterOption<number>[];
  types: FilterOption<SpellType>[];
  factions: FilterOption<number>[];
};
