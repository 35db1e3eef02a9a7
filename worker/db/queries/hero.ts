/** Hero queries (drizzle over D1); every read is one batch. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { HERO_TYPES, type HeroType } from "../../../shared/game";
import type { FactionRef } from "../../../shared/game";
import type { Hero, HeroDetail, HeroFilters, HeroIncludes, HeroInput } from "../../../shared/schemas/hero";
import type { SpellRef } from "../../../shared/schemas/spell";
import { factions, heroes, spells } from "../schema";
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
import { combined, factionGroups, factionTotal, keptFacet, keptFactionFacet, nonZero, pageStart, visibleTotal, type KeptDim } from "./game-counts";

export type HeroRow = typeof heroes.$inferSelect;

export function toHeroDto(row: HeroRow): Hero {
  return {
    id: row.id,
    factionId: row.factionId,
    name: row.name,
    title: row.title,
    biography: row.biography,
    summary: row.summary,
    heroClass: row.heroClass,
    heroType: row.heroType,
    specialty: row.specialty,
    specialtyDescription: row.specialtyDescription,
    startingAttack: row.startingAttack,
    startingDefense: row.startingDefense,
    startingSpellPower: row.startingSpellPower,
    startingKnowledge: row.startingKnowledge,
    rarityLevel: row.rarityLevel,
    startingSkills: parseJsonColumn(row.startingSkills),
    startingSpells: parseJsonColumn(row.startingSpells),
    portraitUrl: row.portraitUrl,
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type HeroFilter = {
  factionId?: number;
  heroClass?: string;
  heroType?: HeroType;
  rarityLevel?: number;
  all: boolean;
  /** Also require an active faction when not `all` (false when the faction was checked already). */
  checkFaction?: boolean;
};

/**
 * A hero filter's conditions. With a class, the class's index reads (a class has the fewest heroes
 * of any filter value): type and rarity are then written `+column = value`, which no index uses,
 * so a planner without statistics cannot walk a type's or a rarity's heroes instead.
 */
export function heroConditions(db: Database, f: HeroFilter): Conditions {
  const byClass = f.heroClass !== undefined;
  const match = (column: SQLiteColumn, value: unknown) => (value === undefined ? undefined : byClass ? sql`+${column} = ${value}` : eq(column, value));
  return [
    f.factionId !== undefined ? eq(heroes.factionId, f.factionId) : undefined,
    byClass ? sql`${heroes.heroClass} = ${f.heroClass} COLLATE NOCASE` : undefined,
    match(heroes.heroType, f.heroType),
    match(heroes.rarityLevel, f.rarityLevel),
    f.all ? undefined : eq(heroes.isActive, true),
    f.all || f.checkFaction === false ? undefined : inArray(heroes.factionId, activeFactionIds(db)),
  ];
}

export const heroOrder = [asc(heroes.name), asc(heroes.id)];

/** The kept dimension of a hero filter besides the faction (its filters `combined` in the order class, type, rarity), or none. */
function heroDim(f: HeroFilter): KeptDim | undefined {
  const dims: KeptDim[] = [];
  if (f.heroClass !== undefined) dims.push({ name: "class", value: f.heroClass });
  if (f.heroType !== undefined) dims.push({ name: "type", value: f.heroType });
  if (f.rarityLevel !== undefined) dims.push({ name: "rarity", value: String(f.rarityLevel) });
  return combined(dims);
}

/**
 * One page of heroes plus the total, in one batch; like the unit list, what guests see reads
 * the kept counts for its total and for where a page starts whatever its filters
 * (worker/db/queries/game-counts.ts), and an index leading with a filtered value reads from there.
 */
export async function listHeroes(db: Database, f: HeroFilter, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  const dim = f.all ? null : heroDim(f);
  const start = dim === null || f.factionId !== undefined ? null : pageStart(db, factionGroups("hero", dim), offset);
  // From its faction on: the active-faction check must not drive the index (it would read every
  // faction's rows in turn), so it is a membership test of the faction id, not an index term.
  const where = start
    ? and(...heroConditions(db, { ...f, checkFaction: false }), sql`+${heroes.factionId} IN (SELECT id FROM factions WHERE is_active = 1)`, sql`${heroes.factionId} >= ${start.group}`)
    : and(...heroConditions(db, f));
  const total =
    dim === null
      ? db.select({ n: countAll() }).from(heroes).where(where)
      : db.select({ n: f.factionId !== undefined ? factionTotal("hero", f.factionId, dim) : visibleTotal("hero", dim) }).from(sql`(SELECT 1)`);
  const [count, rows] = await db.batch([
    total,
    (start ? db.with(start.cte) : db)
      .select()
      .from(heroes)
      .where(where)
      .orderBy(asc(heroes.factionId), ...heroOrder)
      .limit(pageSize)
      .offset(start ? (start.skip as unknown as number) : offset),
  ]);
  return { items: rows.map(toHeroDto), totalCount: count[0]?.n ?? 0 };
}

export async function getHero(db: Database, id: number, all: boolean): Promise<Hero | null> {
  const [row] = await db
    .select()
    .from(heroes)
    .where(and(eq(heroes.id, id), ...heroConditions(db, { all })));
  return row ? toHeroDto(row) : null;
}

/**
 * One hero (null when missing or not visible) with, as asked, its faction and the visible spells
 * its starting spells name (in the hero's order; names that match no visible spell are left to
 * the text list). One batch.
 */
export async function getHeroDetail(db: Database, id: number, all: boolean, include: HeroIncludes): Promise<HeroDetail | null> {
  if (!include.includeFaction && !include.includeSpells) return getHero(db, id, all);
  // The hero's starting spells as JSON (text that is not JSON names nothing).
  const names = sql`(SELECT value FROM json_each((SELECT CASE WHEN json_valid(h.starting_spells) THEN h.starting_spells ELSE '[]' END FROM heroes h WHERE h.id = ${id})))`;
  const statements: BatchItem<"sqlite">[] = [
    db.select().from(heroes).where(and(eq(heroes.id, id), ...heroConditions(db, { all }))),
    selectFactionRefs(db, all),
  ];
  if (include.includeSpells) {
    statements.push(
      db
        .select({ id: spells.id, name: spells.name, school: spells.school, level: spells.level })
        .from(spells)
        .where(and(sql`${spells.name} IN ${names}`, all ? undefined : eq(spells.isActive, true))),
    );
  }
  const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const [rows, refs] = results as [HeroRow[], FactionRef[]];
  const row = rows[0];
  if (!row) return null;
  const detail: HeroDetail = toHeroDto(row);
  if (include.includeFaction) {
    const faction = factionRefMap(refs).get(row.factionId);
    if (faction) detail.faction = faction;
  }
  if (include.includeSpells) {
    const order = Array.isArray(detail.startingSpells) ? detail.startingSpells : [];
    const rank = (name: string) => order.indexOf(name);
    detail.spells = (results[2] as SpellRef[]).sort((a, b) => rank(a.name) - rank(b.name));
  }
  return detail;
}

/** Classes, types, rarity levels and factions among the visible heroes, with counts, from the kept counts; one batch. */
export async function heroFilters(db: Database, factionId?: number): Promise<HeroFilters> {
  const [classes, types, rarities, byFaction] = await db.batch([
    keptFacet(db, "hero", "class", factionId),
    keptFacet(db, "hero", "type", factionId),
    keptFacet(db, "hero", "rarity", factionId),
    keptFactionFacet(db, "hero_faction", factionId),
  ]);
  return {
    heroClasses: options(nonZero<string>(classes, false).filter((c) => c.value !== "")),
    heroTypes: options(nonZero<HeroType>(types, false), HERO_TYPES),
    rarityLevels: options(nonZero<number>(rarities, true)),
    factions: options(byFaction),
  };
}

/** A faction's heroes (null when the faction is missing or not visible); one batch. */
export async function factionHeroes(
  db: Database,
  factionId: number,
  f: Omit<HeroFilter, "factionId" | "checkFaction">,
  canSeeInactiveFaction: boolean,
): Promise<Hero[] | null> {
  const [faction, rows] = await db.batch([
    visibleFaction(db, factionId, canSeeInactiveFaction),
    db
      .select()
      .from(heroes)
      .where(and(...heroConditions(db, { ...f, factionId, checkFaction: false })))
      .orderBy(...heroOrder),
  ]);
  return faction.length ? rows.map(toHeroDto) : null;
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit row in the same batch)
// ---------------------------------------------------------------------------------------------

const HERO_FIELDS = [
  "factionId", "name", "title", "biography", "summary", "heroClass", "heroType", "specialty", "specialtyDescription",
  "startingAttack", "startingDefense", "startingSpellPower", "startingKnowledge", "rarityLevel", "startingSkills",
  "startingSpells", "portraitUrl", "isActive",
] as const satisfies readonly (keyof Hero & keyof HeroInput)[];

const heroValues = (input: HeroInput) => ({
  factionId: input.factionId,
  name: input.name,
  title: input.title,
  biography: input.biography,
  summary: input.summary,
  heroClass: input.heroClass,
  heroType: input.heroType,
  specialty: input.specialty,
  specialtyDescription: input.specialtyDescription,
  startingAttack: input.startingAttack,
  startingDefense: input.startingDefense,
  startingSpellPower: input.startingSpellPower,
  startingKnowledge: input.startingKnowledge,
  rarityLevel: input.rarityLevel,
  startingSkills: jsonText(input.startingSkills),
  startingSpells: jsonText(input.startingSpells),
  portraitUrl: input.portraitUrl,
  isActive: input.isActive,
});

const NO_FACTION = { factionId: ["Faction does not exist."] };

export async function createHero(db: Database, input: HeroInput, actor: Actor, options: WriteOptions = {}): Promise<WriteResult<Hero>> {
  const [faction] = await db.select({ id: factions.id }).from(factions).where(eq(factions.id, input.factionId));
  if (!faction) return { ok: false, kind: "invalid", errors: NO_FACTION };
  const values = heroValues(input);
  const [rows] = await db.batch([
    db.insert(heroes).values({ ...values, id: options.id }).returning(),
    ...createRecords(db, actor, { entityType: "hero", table: heroes, values, input, fields: HERO_FIELDS, options }),
  ]);
  return { ok: true, value: toHeroDto(rows[0]!), changed: true };
}

export async function updateHero(
  db: Database,
  id: number,
  input: HeroInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<Hero>> {
  const [current, faction] = await db.batch([
    db.select().from(heroes).where(eq(heroes.id, id)),
    db.select({ id: factions.id }).from(factions).where(eq(factions.id, input.factionId)),
  ]);
  const row = current[0];
  if (!row) return { ok: false, kind: "not_found" };
  const before = toHeroDto(row);
  if (isStale(input.updatedAt, row.updatedAt)) return { ok: false, kind: "stale", current: before };
  if (!faction.length) return { ok: false, kind: "invalid", errors: NO_FACTION };
  const diff = changedFields(before, { ...input }, HERO_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(row.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(heroes)
          .set({ ...heroValues(input), updatedAt: stamp })
          .where(sameStamp(heroes, id, row.updatedAt))
          .returning(),
        ...updateRecords(db, actor, { entityType: "hero", table: heroes, id, stamp, diff, options }),
      ]),
    () => readHero(db, id),
  );
  return written.ok ? { ok: true, value: toHeroDto(written.value[0][0]!), changed: true } : written;
}

const readHero = async (db: Database, id: number) => {
  const [row] = await db.select().from(heroes).where(eq(heroes.id, id));
  return row ? toHeroDto(row) : null;
};

export async function deleteHero(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await readHero(db, id);
  if (!before) return false;
  return guardedDelete(() =>
    db.batch([
      ...deleteRecords(db, actor, { entityType: "hero", table: heroes, id, before, fields: HERO_FIELDS }),
      db.delete(heroes).where(eq(heroes.id, id)),
    ]),
  );
}
