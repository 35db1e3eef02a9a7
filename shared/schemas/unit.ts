import { TIER_RANGE, UNIT_COMPARE_MAX, UNIT_TYPES, UPGRADE_LEVEL_RANGE, type FactionRef, type FilterOption, type UnitType } from "@shared/game";
import { z } from "zod";
import { flag, imageUrl, jsonField, MESSAGES, oneOf, optionalText, recordId, requiredText, STAT_MAX, wholeNumber } from "./game-input";
import { versionField } from "./version";
import { gamePaging, queryEnum, queryFlag, queryId, queryIdList, queryInt } from "./game-query";
import type { JsonValue } from "./json";
import { strictQuery } from "./query";


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

/**
 * GET /unit/{id}: with includeUpgrades the whole upgrade chain (levels 0..2, this one included),
 * with includeFaction its faction, with includeSameTier the same tier in other factions
 * (`sameTierComplete` false when more exist than the page lists, at most 24, the first factions'
 * by id: `GET /unit?tier=&upgradeLevel=` pages them all).
 */
export type UnitDetail = Unit & {
  upgrades?: Unit[];
  /** false when the base has more upgrades than the chain lists (at most 12, the first by id). */
  upgradesComplete?: boolean;
  faction?: FactionRef;
  sameTier?: UnitWithFaction[];
  sameTierComplete?: boolean;
};

/** Filters a faction's units: GET /faction/{id}/units. */
const unitFilterShape = {
  tier: queryInt("Tier", TIER_RANGE.min, TIER_RANGE.max),
  unitType: queryEnum("Unit type", UNIT_TYPES),
  upgradeLevel: queryInt("Upgrade level", UPGRADE_LEVEL_RANGE.min, UPGRADE_LEVEL_RANGE.max),
  activeOnly: queryFlag("activeOnly", true),
};

export const factionUnitsQuerySchema = strictQuery(unitFilterShape);

/**
 * GET /unit. With `ids` (at most 4, no repeats) it answers those units in the order given, each
 * with its faction, and the ids it could not show (`UnitsByIds`); `ids` does not combine with the
 * filters or paging.
 */
export const unitListQuerySchema = strictQuery({
  ...unitFilterShape,
  factionId: queryId("Faction id"),
  ids: queryIdList("Unit ids", UNIT_COMPARE_MAX),
  ...gamePaging,
}).superRefine((q, ctx) => {
  if (q.ids === undefined) return;
  const combined = (["tier", "unitType", "upgradeLevel", "factionId"] as const).filter((k) => q[k] !== undefined);
  if (combined.length) {
    ctx.addIssue({ code: "custom", path: ["ids"], message: `Unit ids cannot be combined with ${combined.join(", ")}.` });
  }
});

/** A unit with the faction it belongs to (comparison, same-tier links). */
export type UnitWithFaction = Unit & { faction: FactionRef };

/** GET /unit?ids=…: the visible units in the order asked, and the ids that name no visible unit. */
export type UnitsByIds = { items: UnitWithFaction[]; missingIds: number[] };

/**
 * GET /unit/{id}: `includeUpgrades` adds the upgrade chain, `includeFaction` the unit's faction,
 * `includeSameTier` the active units of the same tier and upgrade level in the other factions.
 */
export const unitDetailQuerySchema = strictQuery({
  includeUpgrades: queryFlag("includeUpgrades", false),
  includeFaction: queryFlag("includeFaction", false),
  includeSameTier: queryFlag("includeSameTier", false),
});
export type UnitIncludes = (typeof unitDetailQuerySchema)["_output"];

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

// ---------------------------------------------------------------------------------------------
// Writes: POST /unit, PUT /unit/{id}
// ---------------------------------------------------------------------------------------------

const UNIT_LIMITS = { name: 100, summary: 500, description: 5_000 } as const;

const stat = (label: string, fallback = 0) => wholeNumber(label, 0, STAT_MAX, fallback);

export const unitInputSchema = z
  .object({
    factionId: recordId(MESSAGES.faction),
    baseUnitId: z.preprocess(
      (v) => (v === "" || v === 0 || v === "0" ? null : v),
      recordId("Base unit id must be a unit id.").nullish().transform((v) => v ?? null),
    ),
    name: requiredText(MESSAGES.name, "Name", UNIT_LIMITS.name),
    description: requiredText(MESSAGES.description, "Description", UNIT_LIMITS.description),
    summary: optionalText("Summary", UNIT_LIMITS.summary),
    tier: wholeNumber("Tier", TIER_RANGE.min, TIER_RANGE.max, 1),
    cost: stat("Cost"),
    attack: stat("Attack"),
    defense: stat("Defense"),
    minDamage: stat("Minimum damage"),
    maxDamage: stat("Maximum damage"),
    health: stat("Health"),
    speed: stat("Speed"),
    initiative: stat("Initiative"),
    morale: wholeNumber("Morale", -10, 10, 0),
    luck: wholeNumber("Luck", -10, 10, 0),
    unitType: oneOf("Unit type", UNIT_TYPES, "Infantry"),
    upgradeLevel: wholeNumber("Upgrade level", UPGRADE_LEVEL_RANGE.min, UPGRADE_LEVEL_RANGE.max, 0),
    isUpgraded: flag("isUpgraded", false).optional(),
    weeklyGrowth: stat("Weekly growth"),
    specialAbilities: jsonField("Special abilities", "list"),
    portraitUrl: imageUrl("Portrait URL"),
    isActive: flag("isActive", true),
    ...versionField,
  })
  .superRefine((u, ctx) => {
    if (u.minDamage > u.maxDamage) {
      ctx.addIssue({ code: "custom", path: ["maxDamage"], message: "Maximum damage must be at least the minimum damage." });
    }
  })
  // isUpgraded follows the upgrade level unless given.
  .transform((u) => ({ ...u, isUpgraded: u.isUpgraded ?? u.upgradeLevel > 0 }));
export type UnitInput = z.output<typeof unitInputSchema>;
