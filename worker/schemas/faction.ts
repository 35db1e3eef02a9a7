import type { Alignment } from "@shared/game";
import { queryFlag, strictQuery } from "./game-query";
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
  units?: Unit[];
  heroes?: Hero[];
  spells?: Spell[];
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
export type FactionIncludes = (typeof factionListQuerySchema)["_output"];
