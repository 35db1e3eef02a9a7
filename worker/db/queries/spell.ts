/** Spell queries (drizzle over D1); every read is one batch. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { SPELL_SCHOOLS, SPELL_TYPES, type SpellSchool, type SpellType } from "../../shared/game";
import type { Spell, SpellFilters } from "../../schemas/spell";
import { factions, factionSpells, spells } from "../schema";
import { activeFactionIds, countAll, options, parseJsonColumn, type Conditions } from "./game-common";

export type SpellRow = typeof spells.$inferSelect;

/**
 * The faction ids of the spell row in the surrounding select, as JSON text. The outer table is
 * named explicitly (drizzle writes single-table columns unqualified, which a subquery would
 * resolve against its own tables).
 */
const factionIdsOf = (all: boolean) =>
  sql<string>`(SELECT json_group_array(x.faction_id) FROM (SELECT fs.faction_id FROM faction_spells fs
    ${all ? sql`` : sql`JOIN factions f ON f.id = fs.faction_id AND f.is_active = 1`}
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
  isCommon?: boolean;
  factionId?: number;
  all: boolean;
};

export function spellConditions(db: Database, f: SpellFilter): Conditions {
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
                f.all ? undefined : inArray(factionSpells.factionId, activeFactionIds(db)),
              ),
            ),
        );
  return [
    f.school !== undefined ? eq(spells.school, f.school) : undefined,
    f.level !== undefined ? eq(spells.level, f.level) : undefined,
    f.type !== undefined ? eq(spells.type, f.type) : undefined,
    f.isCommon !== undefined ? eq(spells.isCommon, f.isCommon) : undefined,
    offeredBy,
    f.all ? undefined : eq(spells.isActive, true),
  ];
}

export const spellOrder = [asc(spells.school), asc(spells.level), asc(spells.name)];

export const selectSpells = (db: Database, f: SpellFilter) =>
  db
    .select(spellColumns(f.all))
    .from(spells)
    .where(and(...spellConditions(db, f)))
    .orderBy(...spellOrder);

export async function listSpells(db: Database, f: SpellFilter, page: number, pageSize: number) {
  const where = and(...spellConditions(db, f));
  const [total, rows] = await db.batch([
    db.select({ n: countAll() }).from(spells).where(where),
    db
      .select(spellColumns(f.all))
      .from(spells)
      .where(where)
      .orderBy(...spellOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows.map(toSpellDto), totalCount: total[0]?.n ?? 0 };
}

export async function getSpell(db: Database, id: number, all: boolean): Promise<Spell | null> {
  const [row] = await db
    .select(spellColumns(all))
    .from(spells)
    .where(and(eq(spells.id, id), ...spellConditions(db, { all })));
  return row ? toSpellDto(row) : null;
}

/** Schools, levels, types and (active) offering factions among the active spells; one batch. */
export async function spellFilters(db: Database): Promise<SpellFilters> {
  const active = eq(spells.isActive, true);
  const [schools, levels, types, byFaction] = await db.batch([
    db.select({ value: spells.school, count: countAll() }).from(spells).where(active).groupBy(spells.school),
    db
      .select({ value: spells.level, count: countAll() })
      .from(spells)
      .where(active)
      .groupBy(spells.level)
      .orderBy(asc(spells.level)),
    db.select({ value: spells.type, count: countAll() }).from(spells).where(active).groupBy(spells.type),
    db
      .select({ value: factions.id, label: factions.name, count: countAll() })
      .from(factionSpells)
      .innerJoin(spells, eq(spells.id, factionSpells.spellId))
      .innerJoin(factions, eq(factions.id, factionSpells.factionId))
      .where(and(active, eq(factions.isActive, true)))
      .groupBy(factions.id)
      .orderBy(asc(factions.sortOrder), asc(factions.name)),
  ]);
  return {
    schools: options(schools, SPELL_SCHOOLS),
    levels: options(levels),
    types: options(types, SPELL_TYPES),
    factions: options(byFaction),
  };
}
