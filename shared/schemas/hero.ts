import { HERO_TYPES, RARITY_RANGE, type FactionRef, type FilterOption, type HeroType } from "@shared/game";
import { z } from "zod";
import { flag, imageUrl, jsonField, MESSAGES, oneOf, optionalText, recordId, requiredText, wholeNumber } from "./game-input";
import { versionField } from "./version";
import { gamePaging, queryEnum, queryFlag, queryId, queryInt, queryText } from "./game-query";
import { strictQuery } from "./query";
import type { SpellRef } from "./spell";
import type { JsonValue } from "./json";

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

/**
 * GET /hero/{id}: `includeFaction` adds the hero's faction, `includeSpells` the visible spells
 * its starting spells name (matched by name), for links to the spell book.
 */
export const heroDetailQuerySchema = strictQuery({
  includeFaction: queryFlag("includeFaction", false),
  includeSpells: queryFlag("includeSpells", false),
});
export type HeroIncludes = (typeof heroDetailQuerySchema)["_output"];

export type HeroDetail = Hero & { faction?: FactionRef; spells?: SpellRef[] };

const HERO_CLASS_MAX = 50;

/** `heroClass` matches the free-text class case-insensitively; `heroType` is Might, Magic or Hybrid. */
const heroFilterShape = {
  heroClass: queryText("Hero class", HERO_CLASS_MAX),
  heroType: queryEnum("Hero type", HERO_TYPES),
  activeOnly: queryFlag("activeOnly", true),
};

export const factionHeroesQuerySchema = strictQuery(heroFilterShape);

export const heroListQuerySchema = strictQuery({
  ...heroFilterShape,
  factionId: queryId("Faction id"),
  rarityLevel: queryInt("Rarity level", RARITY_RANGE.min, RARITY_RANGE.max),
  ...gamePaging,
});

export const heroFiltersQuerySchema = strictQuery({ factionId: queryId("Faction id") });

/** GET /hero/filters. */
export type HeroFilters = {
  heroClasses: FilterOption<string>[];
  heroTypes: FilterOption<HeroType>[];
  rarityLevels: FilterOption<number>[];
  factions: FilterOption<number>[];
};

// ---------------------------------------------------------------------------------------------
// Writes: POST /hero, PUT /hero/{id}
// ---------------------------------------------------------------------------------------------

const HERO_LIMITS = { name: 100, title: 100, biography: 10_000, summary: 500, specialty: 100, specialtyDescription: 1_000 } as const;

const heroStat = (label: string) => wholeNumber(label, 0, 1_000, 0);

export const heroInputSchema = z.object({
  factionId: recordId(MESSAGES.faction),
  name: requiredText(MESSAGES.name, "Name", HERO_LIMITS.name),
  title: optionalText("Title", HERO_LIMITS.title),
  biography: requiredText(MESSAGES.biography, "Biography", HERO_LIMITS.biography),
  summary: optionalText("Summary", HERO_LIMITS.summary),
  heroClass: optionalText("Hero class", HERO_CLASS_MAX),
  heroType: oneOf("Hero type", HERO_TYPES, "Might"),
  specialty: optionalText("Specialty", HERO_LIMITS.specialty),
  specialtyDescription: optionalText("Specialty description", HERO_LIMITS.specialtyDescription),
  startingAttack: heroStat("Starting attack"),
  startingDefense: heroStat("Starting defense"),
  startingSpellPower: heroStat("Starting spell power"),
  startingKnowledge: heroStat("Starting knowledge"),
  rarityLevel: wholeNumber("Rarity level", RARITY_RANGE.min, RARITY_RANGE.max, 1),
  startingSkills: jsonField("Starting skills", "list"),
  startingSpells: jsonField("Starting spells", "list"),
  portraitUrl: imageUrl("Portrait URL"),
  isActive: flag("isActive", true),
  ...versionField,
});
export type HeroInput = z.output<typeof heroInputSchema>;
