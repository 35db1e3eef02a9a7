/** Spell queries (drizzle over D1); every read is one batch. */
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { keptReads } from "../kept";
import { SPELL_SCHOOLS, SPELL_TYPES, type SpellSchool, type SpellTarget, type SpellType } from "../../../shared/game";
import type { FactionRef } from "../../../shared/game";
import type { Spell, SpellFilters, SpellInput, SpellWithFactions } from "../../../shared/schemas/spell";
import { factions, factionSpells, spells } from "../schema";
import {
  changedFields,
  countAll,
  createdId,
  createRecords,
  deleteRecords,
  duplicate,
  factionRefMap,
  isUniqueFailure,
  jsonText,
  options,
  parseJsonColumn,
  selectFactionRefs,
  type Actor,
  type Conditions,
  type WriteOptions,
  type WriteResult,
  updateRecords,
} from "./game-common";
import { guarded, guardedDelete, isStale, nextStamp, sameStamp } from "./versioned";
import { combined, kept, keptFacet, keptFactionFacet, nonZero, pageStart, type KeptDim } from "./game-counts";

export type SpellRow = typeof spells.$inferSelect;

/**
 * The faction ids of the spell row in the surrounding select, as JSON text. The outer table is
 * named explicitly (drizzle writes single-table columns unqualified, which a subquery would
 * resolve against its own tables). CROSS JOIN keeps the links first: the spell's few links, then
 * each one's faction, rather than every active faction per spell.
 */
const factionIdsOf = (all: boolean) =>
  sql<string>`(SELECT json_group_array(x.faction_id) FROM (SELECT fs.faction_id FROM faction_spells fs
    ${all ? sql`` : sql`CROSS JOIN factions f ON f.id = fs.faction_id AND f.is_active = 1`}
    WHERE fs.spell_id = "spells"."id" ORDER BY fs.faction_id) x)`;

/** The columns of a spell select: the row plus its faction ids. */
export const spellColumns = (all: boolean) => ({ spell: spells, factionIds: factionIdsOf(all) });

export function toSpellDto({ spell, factionIds }: { spell: SpellRow; factionIds: string | null }): Spell {
  const ids = parseJsonColumn(factionIds);
  return {
    id: spell.id,
    name: spell.name,
    description: spell.description,
    school: spell.school,
    level: spell.level,
    manaCost: spell.manaCost,
    basePower: spell.basePower,
    type: spell.type,
    target: spell.target,
    duration: spell.duration,
    isCommon: spell.isCommon,
    requiredSkillLevel: spell.requiredSkillLevel,
    effects: parseJsonColumn(spell.effects),
    factionIds: Array.isArray(ids) ? ids.filter((n): n is number => typeof n === "number") : [],
    isActive: spell.isActive,
    createdAt: spell.createdAt,
    updatedAt: spell.updatedAt,
  };
}

export type SpellFilter = {
  school?: SpellSchool;
  level?: number;
  type?: SpellType;
  target?: SpellTarget;
  isCommon?: boolean;
  factionId?: number;
  all: boolean;
};

/**
 * Which filter an index may serve (the others are written `+column = value`, which no index
 * uses): `undefined` any; a filter's name only that one (and the school); "links" none, so a
 * faction's list is read from that faction's links (a few rows) rather than along an index.
 */
type SpellLead = "level" | "type" | "target" | "targetType" | "isCommon" | "links" | undefined;

export function spellConditions(db: Database, f: SpellFilter, lead?: SpellLead): Conditions {
  const offeredBy =
    f.factionId === undefined
      ? undefined
      : inArray(
          spells.id,
          db
            .select({ id: factionSpells.spellId })
            .from(factionSpells)
            .where(
              and(
                eq(factionSpells.factionId, f.factionId),
                // The asked faction's own flag, read once (not every active faction per link).
                f.all ? undefined : sql`EXISTS (SELECT 1 FROM factions af WHERE af.id = ${f.factionId} AND af.is_active = 1)`,
              ),
            ),
        );
  const match = (name: SpellLead | "school", column: SQLiteColumn, value: unknown) => {
    if (value === undefined) return undefined;
    const indexed =
      lead === undefined || lead === name || (name === "school" && lead !== "links") || (lead === "targetType" && (name === "target" || name === "type"));
    return indexed ? eq(column, value) : sql`+${column} = ${value}`;
  };
  return [
    match("school", spells.school, f.school),
    match("level", spells.level, f.level),
    match("type", spells.type, f.type),
    match("target", spells.target, f.target),
    match("isCommon", spells.isCommon, f.isCommon === undefined ? undefined : f.isCommon ? 1 : 0),
    offeredBy,
    f.all ? undefined : eq(spells.isActive, true),
  ];
}

export const spellOrder = [asc(spells.school), asc(spells.level), asc(spells.name)];

/** Spells with their offering factions as refs (in the factions' display order). */
export function withFactionRefs(items: readonly Spell[], refs: readonly FactionRef[]): SpellWithFactions[] {
  const byId = factionRefMap(refs);
  const order = new Map(refs.map((f, i) => [f.id, i]));
  return items.map((spell) => ({
    ...spell,
    factions: spell.factionIds
      .flatMap((id) => byId.get(id) ?? [])
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
  }));
}

/** A spell filter's values as placeholders (worker/db/kept.ts); isCommon is a boolean and stays in the shape. */
type SpellListShape = { all: boolean; includeFactions: boolean; isCommon?: boolean } & Record<"school" | "level" | "type" | "target" | "factionId", boolean>;

/** The filter dimensions besides school and faction, as kept-count dimensions (placeholders; isCommon from the shape), in the kept order. */
function spellDims(shape: SpellListShape): KeptDim[] {
  const dims: KeptDim[] = [];
  if (shape.level) dims.push({ name: "level", value: sql`CAST(${sql.placeholder("level")} AS INTEGER)` });
  if (shape.type) dims.push({ name: "type", value: sql.placeholder("type") });
  if (shape.target) dims.push({ name: "target", value: sql.placeholder("target") });
  if (shape.isCommon !== undefined) dims.push({ name: "common", value: shape.isCommon ? "1" : "0" });
  return dims;
}

/**
 * The total of what guests see from the kept counts (migrations 0016, 0017): any combination of
 * school, level, type, target and common flag, or the offering faction alone; null otherwise
 * (the faction with other filters counts that faction's links, a few rows).
 */
function keptSpellTotal(shape: SpellListShape) {
  if (shape.all) return null;
  const dims = spellDims(shape);
  if (shape.factionId) {
    if (dims.length || shape.school) return null;
    return sql<number>`coalesce((SELECT fc.n FROM factions f JOIN facet_counts fc ON fc.list = 'spell_faction'
      AND fc.value = CAST(f.id AS TEXT) WHERE f.id = ${sql.placeholder("factionId")} AND f.is_active = 1), 0)`.mapWith(Number);
  }
  const dim = combined(shape.school ? [{ name: "school", value: sql.placeholder("school") }, ...dims] : dims);
  return dim ? kept(`spell_${dim.name}`, dim.value) : kept("spell", "");
}

/**
 * Where a page of what guests see starts when the list is neither narrowed to a school nor to a
 * faction: at its school, from the schools' kept counts of its filters (the list is ordered by
 * school first), so a deep page steps over one school's matching spells at most.
 */
function spellPageStart(db: Database, shape: SpellListShape) {
  if (shape.all || shape.school || shape.factionId) return null;
  const dim = combined(spellDims(shape));
  const groups = dim
    ? sql`SELECT s.value AS g, coalesce(x.n, 0) AS n FROM facet_counts s LEFT JOIN facet_counts x
        ON x.list = ${sql.raw(`'spell_school_${dim.name}'`)} AND x.value = s.value || ':' || ${dim.value} WHERE s.list = 'spell_school'`
    : sql`SELECT s.value AS g, s.n AS n FROM facet_counts s WHERE s.list = 'spell_school'`;
  return pageStart(db, groups, sql.placeholder("offset"));
}

/**
 * The filter an index serves on a list of what guests see: a faction's list reads its links;
 * otherwise the filter with the fewest spells in a world like the demo's (common spells, then a
 * level, a target and type together, a target, a type), so a page reads at most that value's
 * spells from where it starts, whatever the other filters (a planner without statistics could
 * walk the widest one).
 */
function spellLead(shape: SpellListShape): SpellLead {
  if (shape.all) return undefined;
  if (shape.factionId) return "links";
  if (shape.isCommon === true) return "isCommon";
  if (shape.level) return "level";
  if (shape.target && shape.type) return "targetType";
  return shape.target ? "target" : shape.type ? "type" : undefined;
}

const spellListReads = keptReads((db, shape: SpellListShape) => {
  const slot = <T>(name: keyof SpellListShape) => (shape[name] ? (sql.placeholder(name) as unknown as T) : undefined);
  const where = and(
    ...spellConditions(db, {
      all: shape.all,
      isCommon: shape.isCommon,
      school: slot<SpellSchool>("school"),
      level: slot<number>("level"),
      type: slot<SpellType>("type"),
      target: slot<SpellTarget>("target"),
      factionId: slot<number>("factionId"),
    }, spellLead(shape)),
  );
  const keptTotal = keptSpellTotal(shape);
  const start = spellPageStart(db, shape);
  return {
    total: keptTotal ? db.select({ n: keptTotal }).from(sql`(SELECT 1)`) : db.select({ n: countAll() }).from(spells).where(where),
    rows: (start ? db.with(start.cte) : db)
      .select(spellColumns(shape.all))
      .from(spells)
      .where(start ? and(where, sql`${spells.school} >= ${start.group}`) : where)
      .orderBy(...spellOrder)
      .limit(sql.placeholder("limit"))
      .offset(start ? (start.skip as unknown as number) : sql.placeholder("offset")),
    refs: shape.includeFactions ? selectFactionRefs(db, shape.all) : null,
  };
});

/**
 * One page of spells plus the total (and, when asked, the factions offering each); one batch.
 * What guests see reads kept counts for the total and where a page starts (see above).
 */
export async function listSpells(db: Database, f: SpellFilter, page: number, pageSize: number, includeFactions = false) {
  const has = (value: unknown) => value !== undefined;
  const reads = spellListReads(
    db,
    {
      all: f.all,
      includeFactions,
      isCommon: f.isCommon,
      school: has(f.school),
      level: has(f.level),
      type: has(f.type),
      target: has(f.target),
      factionId: has(f.factionId),
    },
    { school: f.school, level: f.level, type: f.type, target: f.target, factionId: f.factionId, limit: pageSize, offset: (page - 1) * pageSize },
  );
  const [total, rows, refs = []] = await db.batch(reads.refs ? [reads.total, reads.rows, reads.refs] : [reads.total, reads.rows]);
  const items = rows.map(toSpellDto);
  return { items: includeFactions ? withFactionRefs(items, refs) : items, totalCount: total[0]?.n ?? 0 };
}

/** One spell (null when missing or not visible) with, when asked, the factions offering it; one batch. */
export async function getSpellDetail(db: Database, id: number, all: boolean, includeFactions: boolean) {
  if (!includeFactions) return getSpell(db, id, all);
  const [rows, refs] = await db.batch([
    db
      .select(spellColumns(all))
      .from(spells)
      .where(and(eq(spells.id, id), ...spellConditions(db, { all }))),
    selectFactionRefs(db, all),
  ]);
  const row = rows[0];
  return row ? withFactionRefs([toSpellDto(row)], refs)[0]! : null;
}

export async function getSpell(db: Database, id: number, all: boolean): Promise<Spell | null> {
  const [row] = await db
    .select(spellColumns(all))
    .from(spells)
    .where(and(eq(spells.id, id), ...spellConditions(db, { all })));
  return row ? toSpellDto(row) : null;
}

/** Schools, levels, types and (active) offering factions among the active spells, from the kept counts; one batch. */
export async function spellFilters(db: Database): Promise<SpellFilters> {
  const [schools, levels, types, byFaction] = await db.batch([
    keptFacet(db, "spell", "school"),
    keptFacet(db, "spell", "level"),
    keptFacet(db, "spell", "type"),
    keptFactionFacet(db, "spell_faction"),
  ]);
  return {
    schools: options(nonZero<SpellSchool>(schools, false), SPELL_SCHOOLS),
    levels: options(nonZero<number>(levels, true)),
    types: options(nonZero<SpellType>(types, false), SPELL_TYPES),
    factions: options(byFaction),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit row and its faction links in the same batch)
// ---------------------------------------------------------------------------------------------

const SPELL_FIELDS = [
  "name", "description", "school", "level", "manaCost", "basePower", "type", "target", "duration", "isCommon",
  "requiredSkillLevel", "effects", "factionIds", "isActive",
] as const satisfies readonly (keyof Spell & keyof SpellInput)[];

const spellValues = (input: SpellInput) => ({
  name: input.name,
  description: input.description,
  school: input.school,
  level: input.level,
  manaCost: input.manaCost,
  basePower: input.basePower,
  type: input.type,
  target: input.target,
  duration: input.duration,
  isCommon: input.isCommon,
  requiredSkillLevel: input.requiredSkillLevel,
  effects: jsonText(input.effects),
  isActive: input.isActive,
});

const duplicateName = () => duplicate("name", "A spell with this name already exists.");

/** Name clash (another spell) and unknown faction ids, read in one batch. */
async function spellChecks(db: Database, input: SpellInput, selfId: number) {
  const ids = input.factionIds ?? [];
  const [current, clash, found] = await db.batch([
    db.select(spellColumns(true)).from(spells).where(eq(spells.id, selfId)),
    db.select({ id: spells.id }).from(spells).where(and(eq(spells.name, input.name), ne(spells.id, selfId))),
    db.select({ id: factions.id }).from(factions).where(inArray(factions.id, ids.length ? ids : [0])),
  ]);
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  return {
    current: current[0] ? toSpellDto(current[0]) : null,
    clash: clash.length > 0,
    factionErrors: missing.length ? { factionIds: [`Faction ${missing.join(", ")} does not exist.`] } : null,
  };
}

/** Replaces a spell's faction links (the spell given by an SQL id expression). */
const linkStatements = (db: Database, spellId: SQL, factionIds: readonly number[]) => [
  db.delete(factionSpells).where(eq(factionSpells.spellId, spellId)),
  ...(factionIds.length ? [db.insert(factionSpells).values(factionIds.map((factionId) => ({ factionId, spellId })))] : []),
];

export async function createSpell(db: Database, input: SpellInput, actor: Actor, options: WriteOptions = {}): Promise<WriteResult<Spell>> {
  const checks = await spellChecks(db, input, 0);
  if (checks.factionErrors) return { ok: false, kind: "invalid", errors: checks.factionErrors };
  if (checks.clash) return duplicateName();
  const values = spellValues(input);
  const newId = createdId(spells, options);
  const factionIds = input.factionIds ?? [];
  try {
    const results = await db.batch([
      db.insert(spells).values({ ...values, id: options.id }),
      ...linkStatements(db, newId, factionIds),
      ...createRecords(db, actor, {
        entityType: "spell",
        table: spells,
        values: { ...values, factionIds },
        input: { ...input, factionIds },
        fields: SPELL_FIELDS,
        options,
      }),
      db.select(spellColumns(true)).from(spells).where(eq(spells.id, newId)),
    ]);
    const rows = results[results.length - 1] as { spell: SpellRow; factionIds: string | null }[];
    return { ok: true, value: toSpellDto(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "spells.name")) return duplicateName();
    throw err;
  }
}

export async function updateSpell(
  db: Database,
  id: number,
  input: SpellInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<Spell>> {
  const { current: before, clash, factionErrors } = await spellChecks(db, input, id);
  if (!before) return { ok: false, kind: "not_found" };
  if (isStale(input.updatedAt, before.updatedAt)) return { ok: false, kind: "stale", current: before };
  if (factionErrors) return { ok: false, kind: "invalid", errors: factionErrors };
  if (clash) return duplicateName();
  const diff = changedFields(before, { ...input, factionIds: input.factionIds ?? before.factionIds }, SPELL_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(before.updatedAt);
  try {
    const written = await guarded(
      () =>
        db.batch([
          db
            .update(spells)
            .set({ ...spellValues(input), updatedAt: stamp })
            .where(sameStamp(spells, id, before.updatedAt)),
          ...updateRecords(db, actor, { entityType: "spell", table: spells, id, stamp, diff, options }),
          ...(input.factionIds ? linkStatements(db, sql`${id}`, input.factionIds) : []),
          db.select(spellColumns(true)).from(spells).where(eq(spells.id, id)),
        ]),
      () => getSpell(db, id, true),
    );
    if (!written.ok) return written;
    const rows = written.value[written.value.length - 1] as { spell: SpellRow; factionIds: string | null }[];
    return { ok: true, value: toSpellDto(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "spells.name")) return duplicateName();
    throw err;
  }
}

/** Deletes a spell and its faction links; false when it did not exist. */
export async function deleteSpell(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await getSpell(db, id, true);
  if (!before) return false;
  return guardedDelete(() =>
    db.batch([
      ...deleteRecords(db, actor, { entityType: "spell", table: spells, id, before, fields: SPELL_FIELDS }),
      db.delete(factionSpells).where(eq(factionSpells.spellId, id)),
      db.delete(spells).where(eq(spells.id, id)),
    ]),
  );
}
