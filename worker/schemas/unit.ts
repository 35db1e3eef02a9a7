import { TIER_RANGE, UNIT_TYPES, UPGRADE_LEVEL_RANGE, type FilterOption, type UnitType } from "@shared/game";
import { pagingQuery, queryEnum, queryFlag, queryId, queryInt, strictQuery } from "./game-query";

/** JSON values as stored in the JSON-typed columns. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A unit as every /unit and /faction answer shows it (spec's Unit entity plus baseUnitId and timestamps). */
export type Unit = {
  id: number;
  factionId: number;
  /** The upgrade-0 unit this one upgrades (null for base units). */
  baseUnitId: number | null;
  name: string;
  description: string;
  summary: string;
  tier: number;
  cost: number;
  attack: number;
  defense: number;
  minDamage: number;
  maxDamage: number;
  health: number;
  speed: number;
  initiative: number;
  morale: number;
  luck: number;
  unitType: UnitType;
  upgradeLevel: number;
  isUpgraded: boolean;
  weeklyGrowth: number;
  /** A JSON list (usually of ability texts); null when none. */
  specialAbilities: JsonValue;
  portraitUrl: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /unit/{id}?includeUpgrades=true adds the whole upgrade chain (levels 0..2, this one included). */
export type UnitDetail = Unit & { upgrades?: Unit[] };

/** Filters a faction's units: GET /faction/{id}/units. */
export const unitFilterShape = {
  tier: queryInt("Tier", TIER_RANGE.min, TIER_RANGE.max),
  unitType: queryEnum("Unit type", UNIT_TYPES),
  upgradeLevel: queryInt("Upgrade level", UPGRADE_LEVEL_RANGE.min, UPGRADE_LEVEL_RANGE.max),
  activeOnly: queryFlag("activeOnly", true),
};

export const factionUnitsQuerySchema = strictQuery(unitFilterShape);

/** GET /unit. */
export const unitListQuerySchema = strictQuery({
  ...unitFilterShape,
  factionId: queryId("Faction id"),
  ...pagingQuery,
});
export type UnitListQuery = (typeof unitListQuerySchema)["_output"];

export const unitDetailQuerySchema = strictQuery({ includeUpgrades: queryFlag("includeUpgrades", false) });

/** GET /unit/filters (optionally for one faction). */
export const unitFiltersQuerySchema = strictQuery({ factionId: queryId("Faction id") });

/** GET /unit/filters: the values that exist among the visible units, with their counts. */
export type UnitFilters = {
  tiers: FilterOption<number>[];
  unitTypes: FilterOption<UnitType>[];
  upgradeLevels: FilterOption<number>[];
  /** value = faction id, label = faction name. */
  factions: FilterOption<number>[];
};
