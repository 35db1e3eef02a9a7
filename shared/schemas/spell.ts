import {
  SPELL_DURATIONS,
  SPELL_LEVEL_RANGE,
  SPELL_SCHOOLS,
  SPELL_TARGETS,
  SPELL_TYPES,
  type FactionRef,
  type FilterOption,
  type SpellDuration,
  type SpellSchool,
  type SpellTarget,
  type SpellType,
} from "@shared/game";
import { z } from "zod";
import { flag, jsonField, MESSAGES, oneOf, recordId, requiredText, STAT_MAX, wholeNumber } from "./game-input";
import { versionField } from "./version";
import { gamePaging, queryEnum, queryFlag, queryId, queryInt, queryOptionalFlag } from "./game-query";
import { strictQuery } from "./query";
import type { JsonValue } from "./json";

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

/** A spell as other records name it (a hero's starting spells). */
export type SpellRef = { id: number; name: string; school: SpellSchool; level: number };

/** A spell with the visible factions offering it (`includeFactions=true`). */
export type SpellWithFactions = Spell & { factions: FactionRef[] };

const spellIncludeShape = { includeFactions: queryFlag("includeFactions", false) };

/** GET /spell/{id}. */
export const spellDetailQuerySchema = strictQuery(spellIncludeShape);

export const spellListQuerySchema = strictQuery({
  school: queryEnum("School", SPELL_SCHOOLS),
  level: queryInt("Level", SPELL_LEVEL_RANGE.min, SPELL_LEVEL_RANGE.max),
  type: queryEnum("Type", SPELL_TYPES),
  target: queryEnum("Target", SPELL_TARGETS),
  ...spellIncludeShape,
  isCommon: queryOptionalFlag("isCommon"),
  factionId: queryId("Faction id"),
  activeOnly: queryFlag("activeOnly", true),
  ...gamePaging,
});

/** GET /spell/filters. */
export type SpellFilters = {
  schools: FilterOption<SpellSchool>[];
  levels: FilterOption<number>[];
  types: FilterOption<SpellType>[];
  factions: FilterOption<number>[];
};

// ---------------------------------------------------------------------------------------------
// Writes: POST /spell, PUT /spell/{id}
// ---------------------------------------------------------------------------------------------

const SPELL_LIMITS = { name: 100, description: 5_000, factions: 100 } as const;

export const spellInputSchema = z.object({
  name: requiredText(MESSAGES.name, "Name", SPELL_LIMITS.name),
  description: requiredText(MESSAGES.description, "Description", SPELL_LIMITS.description),
  school: oneOf("School", SPELL_SCHOOLS),
  level: wholeNumber("Level", SPELL_LEVEL_RANGE.min, SPELL_LEVEL_RANGE.max, 1),
  manaCost: wholeNumber("Mana cost", 0, 10_000, 0),
  basePower: wholeNumber("Base power", 0, STAT_MAX, 0),
  type: oneOf("Type", SPELL_TYPES, "Combat"),
  target: oneOf("Target", SPELL_TARGETS, "Single"),
  duration: oneOf("Duration", SPELL_DURATIONS, "Instant"),
  isCommon: flag("isCommon", false),
  requiredSkillLevel: wholeNumber("Required skill level", 0, 10, 0),
  effects: jsonField("Effects", "object"),
  /** The factions whose mage guild offers it; absent on PUT keeps the current list. */
  factionIds: z
    .array(recordId("Faction ids must be faction ids."), { error: "Faction ids must be a list of faction ids." })
    .max(SPELL_LIMITS.factions, `A spell can be offered by at most ${SPELL_LIMITS.factions} factions.`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  isActive: flag("isActive", true),
  ...versionField,
});
export type SpellInput = z.output<typeof spellInputSchema>;
