/** Unit queries (drizzle over D1); every read is one batch. */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { keptReads } from "../kept";
import { UNIT_TYPES, type UnitType } from "../../../shared/game";
import type { FactionRef } from "../../../shared/game";
import type { Unit, UnitDetail, UnitFilters, UnitIncludes, UnitInput, UnitsByIds, UnitWithFaction } from "../../../shared/schemas/unit";
import { factions, units } from "../schema";
import {
  activeFactionIds,
  changedFields,
  countAll,
  createRecords,
  deleteRecords,
  factionRefMap,
  jsonText,
  options,
  parseJsonColumn,
  selectFactionRefs,
  type Actor,
  type Conditions,
  type WriteOptions,
  type WriteResult,
  updateRecords,
  visibleFaction,
} from "./game-common";
import { guarded, guardedDelete, isStale, nextStamp, sameStamp } from "./versioned";
import { combined, everyFactionGroups, factionGroups, factionTotal, kept, keptFacet, keptFactionFacet, nonZero, pageStart, visibleTotal, type KeptDim } from "./game-counts";

export type UnitRow = typeof units.$inferSelect;

export function toUnitDto(row: UnitRow): Unit {
  return {
    id: row.id,
    factionId: row.factionId,
    baseUnitId: row.baseUnitId,
    name: row.name,
    description: row.description,
    summary: row.summary,
    tier: row.tier,
    cost: row.cost,
    attack: row.attack,
    defense: row.defense,
    minDamage: row.minDamage,
    maxDamage: row.maxDamage,
    health: row.health,
    speed: row.speed,
    initiative: row.initiative,
    morale: row.morale,
    luck: row.luck,
    unitType: row.unitType,
    upgradeLevel: row.upgradeLevel,
    isUpgraded: row.isUpgraded,
    weeklyGrowth: row.weeklyGrowth,
    specialAbilities: parseJsonColumn(row.specialAbilities),
    portraitUrl: row.portraitUrl,
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type UnitFilter = {
  factionId?: number;
  tier?: number;
  unitType?: (typeof UNIT_TYPES)[number];
  upgradeLevel?: number;
  /** true: inactive units too (moderators asking with activeOnly=false). */
  all: boolean;
  /** Also require an active faction when not `all` (false when the faction was checked already). */
  checkFaction?: boolean;
};

/**
 * A unit filter's conditions. With a tier, a type and a level, the tier-and-type index reads (the
 * narrowest pair): the level is then written `+column = value`, which no index uses, so a planner
 * without statistics cannot walk a wider pair's units instead.
 */
export function unitConditions(db: Database, f: UnitFilter): Conditions {
  const levelUnindexed = f.tier !== undefined && f.unitType !== undefined;
  return [
    f.factionId !== undefined ? eq(units.factionId, f.factionId) : undefined,
    f.tier !== undefined ? eq(units.tier, f.tier) : undefined,
    f.unitType !== undefined ? eq(units.unitType, f.unitType) : undefined,
    f.upgradeLevel === undefined ? undefined : levelUnindexed ? sql`+${units.upgradeLevel} = ${f.upgradeLevel}` : eq(units.upgradeLevel, f.upgradeLevel),
    f.all ? undefined : eq(units.isActive, true),
    f.all || f.checkFaction === false ? undefined : inArray(units.factionId, activeFactionIds(db)),
  ];
}

/** Units in list order: tier, then upgrade level, then id. */
export const unitOrder = [asc(units.tier), asc(units.upgradeLevel), asc(units.id)];

/** The kept dimension of a unit filter besides the faction (its filters `combined` in the order tier, type, level), or none. */
function unitDim(f: UnitFilter): KeptDim | undefined {
  const dims: KeptDim[] = [];
  if (f.tier !== undefined) dims.push({ name: "tier", value: String(f.tier) });
  if (f.unitType !== undefined) dims.push({ name: "type", value: f.unitType });
  if (f.upgradeLevel !== undefined) dims.push({ name: "level", value: String(f.upgradeLevel) });
  return combined(dims);
}

/**
 * One page of units plus the total, in one batch. What guests see reads kept counts (migrations
 * 0016, 0017), whatever its filters: the total from them, and a page without a faction filter
 * starts at its faction from the factions' kept counts, so no page steps over more than one
 * faction's matching units; an index leading with the filtered values reads matching units only.
 * Moderators' lists (inactive rows too) without a filter do the same from every faction's kept
 * count of all its units, hidden ones too, and read their total from the kept `unit_all`
 * (migration 0021); with a faction only, its kept count; with other filters they count and skip
 * row by row.
 */
export async function listUnits(db: Database, f: UnitFilter, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  const dim = f.all ? null : unitDim(f);
  // Every unit, hidden ones too (moderators), of every faction or of one.
  const everyUnit = f.all && f.tier === undefined && f.unitType === undefined && f.upgradeLevel === undefined;
  const start =
    dim === null
      ? everyUnit && f.factionId === undefined
        ? pageStart(db, everyFactionGroups(), offset)
        : null
      : f.factionId !== undefined
        ? null
        : pageStart(db, factionGroups("unit", dim), offset);
  // From its faction on: the active-faction check must not drive the index (it would read every
  // faction's rows in turn), so it is a membership test of the faction id, not an index term.
  const where =
    start && dim === null
      ? sql`${units.factionId} >= ${start.group}`
      : start
        ? and(...unitConditions(db, { ...f, checkFaction: false }), sql`+${units.factionId} IN (SELECT id FROM factions WHERE is_active = 1)`, sql`${units.factionId} >= ${start.group}`)
        : and(...unitConditions(db, f));
  const total =
    dim === null
      ? everyUnit
        ? db
            .select({ n: f.factionId === undefined ? kept("unit_all", "") : kept("unit_all_faction", String(f.factionId)) })
            .from(sql`(SELECT 1)`)
        : db.select({ n: countAll() }).from(units).where(where)
      : db.select({ n: f.factionId !== undefined ? factionTotal("unit", f.factionId, dim) : visibleTotal("unit", dim) }).from(sql`(SELECT 1)`);
  const [count, rows] = await db.batch([
    total,
    (start ? db.with(start.cte) : db)
      .select()
      .from(units)
      .where(where)
      .orderBy(asc(units.factionId), ...unitOrder)
      .limit(pageSize)
      .offset(start ? (start.skip as unknown as number) : offset),
  ]);
  return { items: rows.map(toUnitDto), totalCount: count[0]?.n ?? 0 };
}

/**
 * The most upgrades of one base unit a chain lists (a base has two in the game: levels 1 and 2);
 * one more is read to tell whether the chain is whole (`upgradesComplete`).
 */
const UPGRADES_MAX = 12;

/**
 * The upgrade chain of `root` (the base unit's id, an SQL expression): the base and its first
 * visible upgrades by id, read along `units_base_idx` and stopped after UPGRADES_MAX + 1, ordered
 * by upgrade level.
 */
const upgradeChain = (db: Database, root: SQL, visible: Conditions) =>
  db
    .select()
    .from(units)
    .where(
      and(
        or(
          eq(units.id, root),
          inArray(
            units.id,
            db
              .select({ id: units.id })
              .from(units)
              .where(and(eq(units.baseUnitId, root), ...visible))
              .orderBy(asc(units.id))
              .limit(UPGRADES_MAX + 1),
          ),
        ),
        ...visible,
      ),
    )
    .orderBy(asc(units.upgradeLevel), asc(units.id));

/** The chain as answered: at most UPGRADES_MAX upgrades, and whether that is all of them. */
function chainOf(rows: UnitRow[], root: number): { upgrades: Unit[]; upgradesComplete: boolean } {
  const upgrades = rows.filter((u) => u.id !== root);
  // The first by id, as the read chose them (the rows come in level order).
  const kept = new Set(upgrades.map((u) => u.id).sort((a, b) => a - b).slice(0, UPGRADES_MAX));
  return {
    upgrades: rows.filter((u) => u.id === root || kept.has(u.id)).map(toUnitDto),
    upgradesComplete: upgrades.length <= UPGRADES_MAX,
  };
}

/**
 * One unit (null when missing or not visible) and, when asked, its upgrade chain: the base unit
 * and the units upgrading it (at most UPGRADES_MAX), ordered by upgrade level; one batch.
 */
export async function getUnit(db: Database, id: number, all: boolean, includeUpgrades: boolean): Promise<UnitDetail | null> {
  const visible = unitConditions(db, { all });
  const one = db.select().from(units).where(and(eq(units.id, id), ...visible));
  if (!includeUpgrades) {
    const [row] = await one;
    return row ? toUnitDto(row) : null;
  }
  const root = sql`coalesce((SELECT u2.base_unit_id FROM units u2 WHERE u2.id = ${id}), ${id})`;
  const [rows, chain] = await db.batch([one, upgradeChain(db, root, visible)]);
  const row = rows[0];
  return row ? { ...toUnitDto(row), ...chainOf(chain, row.baseUnitId ?? row.id) } : null;
}

/** Units with their faction refs (rows whose faction is not among `refs` are left out). */
function withFactions(rows: readonly UnitRow[], refs: readonly FactionRef[]): UnitWithFaction[] {
  const byId = factionRefMap(refs);
  return rows.flatMap((row) => {
    const faction = byId.get(row.factionId);
    return faction ? [{ ...toUnitDto(row), faction }] : [];
  });
}

/**
 * The units of `ids` that the caller can see, in the order of `ids`, each with its faction, and
 * the ids that name no visible unit; one batch.
 */
export async function unitsByIds(db: Database, ids: readonly number[], all: boolean): Promise<UnitsByIds> {
  const [rows, refs] = await db.batch([
    db
      .select()
      .from(units)
      .where(and(inArray(units.id, [...ids]), ...unitConditions(db, { all }))),
    selectFactionRefs(db, all),
  ]);
  const found = new Map(withFactions(rows, refs).map((u) => [u.id, u]));
  return {
    items: ids.flatMap((id) => found.get(id) ?? []),
    missingIds: ids.filter((id) => !found.has(id)),
  };
}

/**
 * The most same-tier units a unit page lists (the first factions' by id): one per other faction in
 * the demo world, and a bounded read when a world has many factions and units per tier. One more
 * is read to tell whether the list is whole (`sameTierComplete`).
 */
const SAME_TIER_MAX = 24;

/**
 * The statements of a unit page (worker/db/kept.ts): the unit (`:id`), the faction refs, and as
 * asked its upgrade chain and the same tier in other factions.
 */
const unitDetailReads = keptReads((db, shape: { all: boolean; upgrades: boolean; sameTier: boolean }) => {
  const id = sql.placeholder("id");
  const visible = unitConditions(db, { all: shape.all });
  // A column of the asked unit (aliased: the outer single-table select writes its columns unqualified).
  const of = (column: "base_unit_id" | "tier" | "upgrade_level" | "faction_id") =>
    sql`(SELECT ${sql.raw(`u2.${column}`)} FROM units u2 WHERE u2.id = ${id})`;
  const root = sql`coalesce(${of("base_unit_id")}, ${id})`;
  return {
    row: db.select().from(units).where(and(eq(units.id, id), ...visible)),
    refs: selectFactionRefs(db, shape.all),
    upgrades: shape.upgrades ? upgradeChain(db, root, visible) : null,
    sameTier: shape.sameTier
      ? db
          .select()
          .from(units)
          .where(
            and(
              eq(units.tier, of("tier")),
              eq(units.upgradeLevel, of("upgrade_level")),
              ne(units.factionId, of("faction_id")),
              ...unitConditions(db, { all: false }),
            ),
          )
          // In index order (faction, then id), so the read stops after SAME_TIER_MAX rows; the
          // page orders them by the factions' display order and name.
          .orderBy(asc(units.factionId), asc(units.id))
          .limit(SAME_TIER_MAX + 1)
      : null,
  };
});

/**
 * One unit (null when missing or not visible) with what the unit page shows, as asked: its
 * upgrade chain (the base unit and every unit upgrading it, by level), its faction, and the
 * active units of the same tier and upgrade level in the other visible factions (at most
 * SAME_TIER_MAX, in the factions' display order, then by name). One batch.
 */
export async function getUnitDetail(db: Database, id: number, all: boolean, include: UnitIncludes): Promise<UnitDetail | null> {
  if (!include.includeFaction && !include.includeSameTier) return getUnit(db, id, all, include.includeUpgrades);
  const reads = unitDetailReads(db, { all, upgrades: include.includeUpgrades, sameTier: include.includeSameTier }, { id });
  const statements: BatchItem<"sqlite">[] = [reads.row, reads.refs];
  if (reads.upgrades) statements.push(reads.upgrades);
  if (reads.sameTier) statements.push(reads.sameTier);
  const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const [rows, refs] = results as [UnitRow[], FactionRef[]];
  const row = rows[0];
  if (!row) return null;
  const detail: UnitDetail = toUnitDto(row);
  const chain = include.includeUpgrades ? (results[2] as UnitRow[]) : null;
  const sameTier = include.includeSameTier ? (results[include.includeUpgrades ? 3 : 2] as UnitRow[]) : null;
  if (chain) Object.assign(detail, chainOf(chain, row.baseUnitId ?? row.id));
  if (include.includeFaction) {
    const faction = factionRefMap(refs).get(row.factionId);
    if (faction) detail.faction = faction;
  }
  if (sameTier) {
    const order = new Map(refs.map((f, i) => [f.id, i]));
    detail.sameTierComplete = sameTier.length <= SAME_TIER_MAX;
    detail.sameTier = withFactions(sameTier.slice(0, SAME_TIER_MAX), refs.filter((f) => f.id !== row.factionId)).sort(
      (a, b) => (order.get(a.factionId) ?? 0) - (order.get(b.factionId) ?? 0) || a.name.localeCompare(b.name) || a.id - b.id,
    );
  }
  return detail;
}

/** The tiers, unit types, upgrade levels and factions among the visible units, with counts, from the kept counts; one batch. */
export async function unitFilters(db: Database, factionId?: number): Promise<UnitFilters> {
  const [tiers, types, levels, byFaction] = await db.batch([
    keptFacet(db, "unit", "tier", factionId),
    keptFacet(db, "unit", "type", factionId),
    keptFacet(db, "unit", "level", factionId),
    keptFactionFacet(db, "unit_faction", factionId),
  ]);
  return {
    tiers: options(nonZero<number>(tiers, true)),
    unitTypes: options(nonZero<UnitType>(types, false), UNIT_TYPES),
    upgradeLevels: options(nonZero<number>(levels, true)),
    factions: options(byFaction),
  };
}

/** A faction's units (null when the faction is missing or not visible); one batch. */
export async function factionUnits(
  db: Database,
  factionId: number,
  f: Omit<UnitFilter, "factionId" | "checkFaction">,
  canSeeInactiveFaction: boolean,
): Promise<Unit[] | null> {
  const [faction, rows] = await db.batch([
    visibleFaction(db, factionId, canSeeInactiveFaction),
    db
      .select()
      .from(units)
      .where(and(...unitConditions(db, { ...f, factionId, checkFaction: false })))
      .orderBy(...unitOrder),
  ]);
  return faction.length ? rows.map(toUnitDto) : null;
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit row in the same batch)
// ---------------------------------------------------------------------------------------------

const UNIT_FIELDS = [
  "factionId", "baseUnitId", "name", "description", "summary", "tier", "cost", "attack", "defense", "minDamage",
  "maxDamage", "health", "speed", "initiative", "morale", "luck", "unitType", "upgradeLevel", "isUpgraded",
  "weeklyGrowth", "specialAbilities", "portraitUrl", "isActive",
] as const satisfies readonly (keyof Unit & keyof UnitInput)[];

const unitValues = (input: UnitInput) => ({
  factionId: input.factionId,
  baseUnitId: input.baseUnitId,
  name: input.name,
  description: input.description,
  summary: input.summary,
  tier: input.tier,
  cost: input.cost,
  attack: input.attack,
  defense: input.defense,
  minDamage: input.minDamage,
  maxDamage: input.maxDamage,
  health: input.health,
  speed: input.speed,
  initiative: input.initiative,
  morale: input.morale,
  luck: input.luck,
  unitType: input.unitType,
  upgradeLevel: input.upgradeLevel,
  isUpgraded: input.isUpgraded,
  weeklyGrowth: input.weeklyGrowth,
  specialAbilities: jsonText(input.specialAbilities),
  portraitUrl: input.portraitUrl,
  isActive: input.isActive,
});

/** The faction and base unit a unit names must exist (base: same faction, upgrade level 0). */
function referenceErrors(
  input: UnitInput,
  faction: { id: number }[],
  base: { factionId: number; upgradeLevel: number }[],
  selfId?: number,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (!faction.length) errors.factionId = ["Faction does not exist."];
  if (input.baseUnitId !== null) {
    const b = base[0];
    if (!b || input.baseUnitId === selfId) errors.baseUnitId = ["Base unit does not exist."];
    else if (b.factionId !== input.factionId || b.upgradeLevel !== 0)
      errors.baseUnitId = ["Base unit must be a Normal (upgrade level 0) unit of the same faction."];
  }
  return Object.keys(errors).length ? errors : null;
}

const referenceChecks = (db: Database, input: UnitInput) =>
  [
    db.select({ id: factions.id }).from(factions).where(eq(factions.id, input.factionId)),
    db
      .select({ factionId: units.factionId, upgradeLevel: units.upgradeLevel })
      .from(units)
      .where(eq(units.id, input.baseUnitId ?? 0)),
  ] as const;

export async function createUnit(db: Database, input: UnitInput, actor: Actor, options: WriteOptions = {}): Promise<WriteResult<Unit>> {
  const [faction, base] = await db.batch(referenceChecks(db, input));
  const errors = referenceErrors(input, faction, base);
  if (errors) return { ok: false, kind: "invalid", errors };
  const values = unitValues(input);
  const [rows] = await db.batch([
    db.insert(units).values({ ...values, id: options.id }).returning(),
    ...createRecords(db, actor, { entityType: "unit", table: units, values, input, fields: UNIT_FIELDS, options }),
  ]);
  return { ok: true, value: toUnitDto(rows[0]!), changed: true };
}

export async function updateUnit(
  db: Database,
  id: number,
  input: UnitInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<Unit>> {
  const [current, faction, base] = await db.batch([
    db.select().from(units).where(eq(units.id, id)),
    ...referenceChecks(db, input),
  ]);
  const row = current[0];
  if (!row) return { ok: false, kind: "not_found" };
  const before = toUnitDto(row);
  if (isStale(input.updatedAt, row.updatedAt)) return { ok: false, kind: "stale", current: before };
  const errors = referenceErrors(input, faction, base, id);
  if (errors) return { ok: false, kind: "invalid", errors };
  const diff = changedFields(before, { ...input }, UNIT_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(row.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(units)
          .set({ ...unitValues(input), updatedAt: stamp })
          .where(sameStamp(units, id, row.updatedAt))
          .returning(),
        ...updateRecords(db, actor, { entityType: "unit", table: units, id, stamp, diff, options }),
      ]),
    () => readUnit(db, id),
  );
  return written.ok ? { ok: true, value: toUnitDto(written.value[0][0]!), changed: true } : written;
}

const readUnit = async (db: Database, id: number) => {
  const [row] = await db.select().from(units).where(eq(units.id, id));
  return row ? toUnitDto(row) : null;
};

/** Deletes a unit (its upgrades keep existing, with no base); false when it did not exist. */
export async function deleteUnit(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await readUnit(db, id);
  if (!before) return false;
  return guardedDelete(() =>
    db.batch([
      ...deleteRecords(db, actor, { entityType: "unit", table: units, id, before, fields: UNIT_FIELDS }),
      db.update(units).set({ baseUnitId: null }).where(eq(units.baseUnitId, id)),
      db.delete(units).where(eq(units.id, id)),
    ]),
  );
}
