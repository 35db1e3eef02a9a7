/**
 * Faction queries (drizzle over D1). A faction read with all its includes (units, heroes,
 * spells) and the visible counts is one batch: one D1 round trip.
 */
import { and, asc, eq, inArray, ne, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { keptReads } from "../kept";
import { kept } from "./game-counts";
import type { Faction, FactionInput } from "../../../shared/schemas/faction";
import { factions, factionSpells, heroes, spells, units } from "../schema";
import {
  changedFields,
  createRecords,
  deleteRecords,
  duplicate,
  isUniqueFailure,
  type Actor,
  type WriteOptions,
  type WriteResult,
  updateRecords,
} from "./game-common";
import { guarded, guardedDelete, isStale, nextStamp, sameStamp } from "./versioned";
import { heroOrder, toHeroDto } from "./hero";
import { spellColumns, spellOrder, toSpellDto } from "./spell";
import { toUnitDto, unitOrder } from "./unit";

export type FactionRow = typeof factions.$inferSelect;

export type FactionReadOptions = {
  includeUnits: boolean;
  includeHeroes: boolean;
  includeSpells: boolean;
  /** true: inactive factions (lists only), units, heroes and spells too. */
  all: boolean;
};

function toFactionDto(row: FactionRow, counts: { units: number; heroes: number; spells: number }): Faction {
  return {
    id: row.id,
    name: row.name,
    alignment: row.alignment,
    summary: row.summary,
    description: row.description,
    specialty: row.specialty,
    logoUrl: row.logoUrl,
    backgroundUrl: row.backgroundUrl,
    bannerUrl: row.bannerUrl,
    startingResources: row.startingResources,
    factionBonuses: row.factionBonuses,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    unitCount: counts.units,
    heroCount: counts.heroes,
    spellCount: counts.spells,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const byFaction = <T>(rows: readonly T[], factionOf: (row: T) => number) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const id = factionOf(row);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
};

type FactionShape = FactionReadOptions & { byId: boolean; factionVisible: boolean };

/**
 * The most rows of each included kind one faction read carries, the listed factions together: a
 * kind's maximum, or its share divided by the number of listed factions when that is smaller
 * (the list's own rows grow with its factions, so its included rows give way; a spell costs
 * more rows than a unit or hero: it also reads its offering factions). The included lists are
 * whole while a kind's rows fit: the demo world's (six factions: 126 units, 36 heroes, 96 spell
 * links) and any one faction's of the 100× world (`GET /faction/{id}`: one listed faction).
 * Past it, the factions are filled in id order, each kind read along its index (a faction's
 * units by tier, level and id; heroes by name; spell links by spell id) and stopped at its
 * bound, so the read stays bounded whatever the world's size. Each faction says whether its list
 * is whole (`unitsComplete`…) beside its whole count (`unitCount`…), and `GET /unit?factionId=`
 * (hero, spell) pages the rest (docs/decisions/0048-integrity-checks.md).
 */
export const INCLUDED_MAX = { units: 150, heroes: 60, spells: 100 } as const;
export const INCLUDED_SHARE = { units: 5_000, heroes: 1_200, spells: 1_000 } as const;

/**
 * A kind's bound in this read (see INCLUDED_MAX), over the listed factions `ids`, for `.limit()`:
 * drizzle writes an object limit as it is, so the expression goes in typed as a placeholder.
 */
const boundOf = (kind: keyof typeof INCLUDED_MAX, ids: SQLWrapper) =>
  sql`min(${sql.raw(String(INCLUDED_MAX[kind]))}, ${sql.raw(String(INCLUDED_SHARE[kind]))} / max(1, (SELECT count(*) FROM ${ids} listed)))` as unknown as Placeholder;

/**
 * The first spell links of the factions `ids` by faction and spell id (the key's order, a bounded
 * walk; hidden spells skipped), up to the read's bound, then those spells in the spell book's order.
 */
function includedSpells(db: Database, ids: SQLWrapper, all: boolean) {
  const picked = db
    .select({ factionId: sql<number>`${factionSpells.factionId}`.as("picked_faction_id"), spellId: sql<number>`${factionSpells.spellId}`.as("picked_spell_id") })
    .from(factionSpells)
    .innerJoin(spells, eq(spells.id, factionSpells.spellId))
    .where(and(inArray(factionSpells.factionId, ids), all ? undefined : eq(spells.isActive, true)))
    .orderBy(asc(factionSpells.factionId), asc(factionSpells.spellId))
    .limit(boundOf("spells", ids))
    .as("picked");
  return db
    .select({ factionId: picked.factionId, ...spellColumns(all) })
    .from(picked)
    .innerJoin(spells, eq(spells.id, picked.spellId))
    .orderBy(asc(picked.factionId), ...spellOrder);
}

/** The faction row's id as a kept count's value (named: the select writes its own columns unqualified). */
const ownId = sql`CAST("factions"."id" AS TEXT)`;

/** The statements of a faction read (worker/db/kept.ts); `:id` when `byId`. Lists not asked for are null. */
const factionReads = keptReads((db, shape: FactionShape) => {
  const factionWhere = and(shape.byId ? eq(factions.id, sql.placeholder("id")) : undefined, shape.factionVisible ? eq(factions.isActive, true) : undefined);
  const ids = db.select({ id: factions.id }).from(factions).where(factionWhere);
  return {
    main: db
      .select({
        faction: factions,
        // Active rows: the kept counts (migration 0016); everything (moderators): counted.
        units: shape.all ? db.$count(units, eq(units.factionId, factions.id)) : kept("unit_faction", ownId),
        heroes: shape.all ? db.$count(heroes, eq(heroes.factionId, factions.id)) : kept("hero_faction", ownId),
        spells: shape.all
          ? sql<number>`(SELECT count(*) FROM ${factionSpells} WHERE ${eq(factionSpells.factionId, factions.id)})`.mapWith(Number)
          : kept("spell_faction", ownId),
      })
      .from(factions)
      .where(factionWhere)
      .orderBy(asc(factions.sortOrder), asc(factions.name)),
    // Each kind in its index's order (faction id first), stopped at the read's bound.
    units: shape.includeUnits
      ? db
          .select()
          .from(units)
          .where(and(inArray(units.factionId, ids), shape.all ? undefined : eq(units.isActive, true)))
          .orderBy(asc(units.factionId), ...unitOrder)
          .limit(boundOf("units", ids))
      : null,
    heroes: shape.includeHeroes
      ? db
          .select()
          .from(heroes)
          .where(and(inArray(heroes.factionId, ids), shape.all ? undefined : eq(heroes.isActive, true)))
          .orderBy(asc(heroes.factionId), ...heroOrder)
          .limit(boundOf("heroes", ids))
      : null,
    spells: shape.includeSpells ? includedSpells(db, ids, shape.all) : null,
  };
});

/**
 * Factions (all visible ones, or the one with `id`) with counts and the asked-for lists, in one
 * batch: the factions with their counts (correlated subqueries), then only the lists asked for
 * (at most INCLUDED_MAX rows of each kind).
 * Inside a faction, units and heroes are filtered by their own active flag only: the faction's
 * visibility is decided on the faction row.
 */
async function readFactions(db: Database, options: FactionReadOptions, id?: number, factionVisible = !options.all): Promise<Faction[]> {
  const { includeUnits, includeHeroes, includeSpells, all } = options;
  const reads = factionReads(db, { includeUnits, includeHeroes, includeSpells, all, byId: id !== undefined, factionVisible }, { id });
  const { main, units: unitList, heroes: heroList, spells: spellList } = reads;
  // Lists that were not asked for are not sent at all.
  const lists: BatchItem<"sqlite">[] = [];
  if (unitList) lists.push(unitList);
  if (heroList) lists.push(heroList);
  if (spellList) lists.push(spellList);
  const [rows, ...listRows] = (await db.batch([main, ...lists])) as [Awaited<typeof main>, ...unknown[]];
  const next = <T>(wanted: boolean): T[] => (wanted ? (listRows.shift() as T[]) : []);
  const unitsOf = byFaction(next<Awaited<NonNullable<typeof unitList>>[number]>(options.includeUnits), (u) => u.factionId);
  const heroesOf = byFaction(next<Awaited<NonNullable<typeof heroList>>[number]>(options.includeHeroes), (h) => h.factionId);
  const spellsOf = byFaction(next<Awaited<NonNullable<typeof spellList>>[number]>(options.includeSpells), (s) => s.factionId);

  return rows.map(({ faction: row, units: nUnits, heroes: nHeroes, spells: nSpells }) => {
    const faction = toFactionDto(row, { units: nUnits, heroes: nHeroes, spells: nSpells });
    // A list is whole when it holds as many rows as the faction's count of them.
    if (options.includeUnits) {
      faction.units = (unitsOf.get(row.id) ?? []).map(toUnitDto);
      faction.unitsComplete = faction.units.length >= faction.unitCount;
    }
    if (options.includeHeroes) {
      faction.heroes = (heroesOf.get(row.id) ?? []).map(toHeroDto);
      faction.heroesComplete = faction.heroes.length >= faction.heroCount;
    }
    if (options.includeSpells) {
      faction.spells = (spellsOf.get(row.id) ?? []).map(toSpellDto);
      faction.spellsComplete = faction.spells.length >= faction.spellCount;
    }
    return faction;
  });
}

/** The faction list in display order (sortOrder, then name). */
export const listFactions = (db: Database, options: FactionReadOptions) => readFactions(db, options);

/**
 * One faction, or null. `canSeeInactive` (moderators) reads an inactive faction by id whatever
 * `all` says; guests and users get null for it.
 */
export async function getFaction(
  db: Database,
  id: number,
  options: FactionReadOptions,
  canSeeInactive: boolean,
): Promise<Faction | null> {
  const [faction] = await readFactions(db, options, id, !canSeeInactive);
  return faction ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit row in the same batch)
// ---------------------------------------------------------------------------------------------

const FACTION_FIELDS = [
  "name", "alignment", "summary", "description", "specialty", "logoUrl", "backgroundUrl", "bannerUrl",
  "startingResources", "factionBonuses", "isActive", "sortOrder",
] as const satisfies readonly (keyof Faction & keyof FactionInput)[];

const factionValues = (input: FactionInput) => ({
  name: input.name,
  alignment: input.alignment,
  summary: input.summary,
  description: input.description,
  specialty: input.specialty,
  logoUrl: input.logoUrl,
  backgroundUrl: input.backgroundUrl,
  bannerUrl: input.bannerUrl,
  startingResources: input.startingResources,
  factionBonuses: input.factionBonuses,
  isActive: input.isActive,
  sortOrder: input.sortOrder,
});

const duplicateName = () => duplicate("name", "A faction with this name already exists.");
const ALL: FactionReadOptions = { includeUnits: false, includeHeroes: false, includeSpells: false, all: true };

export async function createFaction(
  db: Database,
  input: FactionInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<Faction>> {
  const [clash] = await db.select({ id: factions.id }).from(factions).where(eq(factions.name, input.name));
  if (clash) return duplicateName();
  const values = factionValues(input);
  try {
    const [rows] = await db.batch([
      db.insert(factions).values({ ...values, id: options.id }).returning(),
      ...createRecords(db, actor, { entityType: "faction", table: factions, values, input, fields: FACTION_FIELDS, options }),
    ]);
    return { ok: true, value: toFactionDto(rows[0]!, { units: 0, heroes: 0, spells: 0 }), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "factions.name")) return duplicateName();
    throw err;
  }
}

export async function updateFaction(
  db: Database,
  id: number,
  input: FactionInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<Faction>> {
  const before = await getFaction(db, id, ALL, true);
  if (!before) return { ok: false, kind: "not_found" };
  if (isStale(input.updatedAt, before.updatedAt)) return { ok: false, kind: "stale", current: before };
  const diff = changedFields(before, { ...input }, FACTION_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  if (diff.after.name !== undefined) {
    const [clash] = await db
      .select({ id: factions.id })
      .from(factions)
      .where(and(eq(factions.name, input.name), ne(factions.id, id)));
    if (clash) return duplicateName();
  }
  const stamp = nextStamp(before.updatedAt);
  const readAll = () => getFaction(db, id, ALL, true);
  try {
    const written = await guarded(
      () =>
        db.batch([
          db
            .update(factions)
            .set({ ...factionValues(input), updatedAt: stamp })
            .where(sameStamp(factions, id, before.updatedAt)),
          ...updateRecords(db, actor, { entityType: "faction", table: factions, id, stamp, diff, options }),
        ]),
      readAll,
    );
    if (!written.ok) return written;
  } catch (err) {
    if (isUniqueFailure(err, "factions.name")) return duplicateName();
    throw err;
  }
  const after = await readAll();
  return after ? { ok: true, value: after, changed: true } : { ok: false, kind: "not_found" };
}

/**
 * Deletes a faction that has no units and no heroes (its spell links go with it). A faction
 * still in use is a 409 naming what is left; the delete itself re-checks inside the batch.
 */
export async function deleteFaction(db: Database, id: number, actor: Actor): Promise<WriteResult<null>> {
  const before = await getFaction(db, id, ALL, true);
  if (!before) return { ok: false, kind: "not_found" };
  const inUse = (units: number, heroes: number): WriteResult<null> => ({
    ok: false,
    kind: "conflict",
    message: `This faction still has ${units} unit${units === 1 ? "" : "s"} and ${heroes} hero${heroes === 1 ? "" : "es"}. Delete or move them before deleting the faction.`,
  });
  if (before.unitCount || before.heroCount) return inUse(before.unitCount, before.heroCount);
  const deleted = await guardedDelete(() =>
    db.batch([
      ...deleteRecords(db, actor, {
        entityType: "faction",
        table: factions,
        id,
        before,
        fields: FACTION_FIELDS,
        // Only while it has no units and no heroes: the delete re-checks inside the batch.
        entityId: sql`(SELECT f.id FROM factions f WHERE f.id = ${id}
              AND NOT EXISTS (SELECT 1 FROM units u WHERE u.faction_id = f.id)
              AND NOT EXISTS (SELECT 1 FROM heroes h WHERE h.faction_id = f.id))`,
      }),
      db.delete(factions).where(eq(factions.id, id)),
    ]),
  );
  if (deleted) return { ok: true, value: null, changed: true };
  const now = await getFaction(db, id, ALL, true);
  return now ? inUse(now.unitCount, now.heroCount) : { ok: false, kind: "not_found" };
}
