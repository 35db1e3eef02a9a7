import { ALIGNMENTS, type Alignment } from "@shared/game";
import { z } from "zod";
import { flag, imageUrl, MESSAGES, nullableText, oneOf, optionalText, requiredText, wholeNumber } from "./game-input";
import { versionField } from "./version";
import { queryFlag } from "./game-query";
import { strictQuery } from "./query";
import type { Hero } from "./hero";
import type { Spell } from "./spell";
import type { Unit } from "./unit";

/** A faction as /faction answers it; the lists appear only when asked for with include flags. */
export type Faction = {
  id: number;
  name: string;
  alignment: Alignment;
  summary: string;
  description: string;
  specialty: string;
  logoUrl: string | null;
  backgroundUrl: string | null;
  bannerUrl: string | null;
  startingResources: string | null;
  factionBonuses: string | null;
  isActive: boolean;
  sortOrder: number;
  /** How many units, heroes and mage-guild spells the caller can see. */
  unitCount: number;
  heroCount: number;
  spellCount: number;
  createdAt: string;
  updatedAt: string;
  /**
   * The included lists (with includeUnits…). Each is whole unless a read's rows of that kind
   * reach their bound: then `…Complete` is false, the count above tells the whole number, and
   * `GET /unit?factionId=` (hero, spell) pages every row (docs/game-api.md).
   */
  units?: Unit[];
  unitsComplete?: boolean;
  heroes?: Hero[];
  heroesComplete?: boolean;
  spells?: Spell[];
  spellsComplete?: boolean;
};

const includeShape = {
  includeUnits: queryFlag("includeUnits", false),
  includeHeroes: queryFlag("includeHeroes", false),
  includeSpells: queryFlag("includeSpells", false),
  activeOnly: queryFlag("activeOnly", true),
};

/** GET /faction and GET /faction/{id}: include flags; activeOnly=false is honoured for moderators only. */
export const factionListQuerySchema = strictQuery(includeShape);
export const factionDetailQuerySchema = strictQuery(includeShape);

// ---------------------------------------------------------------------------------------------
// Writes: POST /faction, PUT /faction/{id}
// ---------------------------------------------------------------------------------------------

export const FACTION_LIMITS = { name: 100, summary: 500, description: 10_000, specialty: 500, resources: 1_000, bonuses: 2_000 } as const;

export const factionInputSchema = z.object({
  name: requiredText(MESSAGES.name, "Name", FACTION_LIMITS.name),
  alignment: oneOf("Alignment", ALIGNMENTS),
  summary: optionalText("Summary", FACTION_LIMITS.summary),
  description: requiredText(MESSAGES.description, "Description", FACTION_LIMITS.description),
  specialty: optionalText("Specialty", FACTION_LIMITS.specialty),
  logoUrl: imageUrl("Logo URL"),
  backgroundUrl: imageUrl("Background URL"),
  bannerUrl: imageUrl("Banner URL"),
  startingResources: nullableText("Starting resources", FACTION_LIMITS.resources),
  factionBonuses: nullableText("Faction bonuses", FACTION_LIMITS.bonuses),
  isActive: flag("isActive", true),
  sortOrder: wholeNumber("Sort order", 0, 100_000, 0),
  ...versionField,
});
export type FactionInput = z.output<typeof factionInputSchema>;
