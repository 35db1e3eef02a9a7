/**
 * Reads of the game lists' kept counts (facet_counts, kept by the triggers of migration 0016):
 * totals, filter counts and the factions' counts read one row per value instead of counting
 * every row, and a list ordered by a group first (faction, school) starts a deep page at its group
 * from the groups' kept counts instead of skipping every row before it.
 *
 * Counts are of active rows whatever their faction's flag; the visible total of units or heroes
 * is the kept count less the inactive factions' own counts. Values are text: a per-faction value
 * is 'faction id:value'. Every combination of a list's filters is kept (migrations 0016, 0017): a
 * combination is one dimension whose name joins its dimensions' names by '_' and whose value joins
 * their values by ':', in the kind's fixed order (`combined`). Rows with n = 0 are never shown as
 * filter choices.
 */
import { and, asc, eq, gt, gte, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { facetCounts, factions } from "../schema";

/** A value of a kept count: a bound value or an SQL expression (compared as text). */
type KeptValue = SQL | Placeholder | string | number;

/**
 * A list's name as an SQL literal. Names are this file's constants, never a request's value; as
 * literals they also keep two kept counts in one select apart (D1 answers rows by column text,
 * and two subqueries that differ only in a bound name would share one).
 */
const listName = (list: string) => {
  if (!/^[a-z_]+$/.test(list)) throw new Error(`Not a kept list name: ${list}`);
  return sql.raw(`'${list}'`);
};

/** A kept count (0 when no row keeps it). */
export const kept = (list: string, value: KeptValue) =>
  sql<number>`coalesce((SELECT fc.n FROM facet_counts fc WHERE fc.list = ${listName(list)} AND fc.value = ${value}), 0)`.mapWith(Number);

/**
 * One filter dimension of a list (`tier` = 3): its kept lists are `<kind>_<name>` and
 * `<kind>_faction_<name>`. A number goes as text or as `CAST(… AS INTEGER)`: a bound number may
 * arrive as a float ('3.0' as text), which no kept value equals.
 */
export type KeptDim = { name: string; value: KeptValue };

/**
 * Filter dimensions as one kept dimension (none for no dimension): `tier` 3 and `type` 'Infantry'
 * are `tier_type` '3:Infantry'. `dims` come in the kind's fixed order, the order the triggers of
 * migration 0017 join them in: units tier, type, level; heroes class, type, rarity; spells school,
 * level, type, target, common. At most one of them may hold a ':' of its own (a hero's free-text
 * class): the others never do, so a joined value still names one combination.
 */
export function combined(dims: readonly KeptDim[]): KeptDim | undefined {
  if (dims.length < 2) return dims[0];
  return {
    name: dims.map((d) => d.name).join("_"),
    value: sql.join(
      dims.map((d) => sql`${d.value}`),
      sql` || ':' || `,
    ),
  };
}

/** The per-faction list and the value of faction `id` (an SQL expression) for a dimension or none. */
const perFaction = (kind: string, dim: KeptDim | undefined, id: SQL) =>
  dim
    ? { list: `${kind}_faction_${dim.name}`, value: sql`CAST(${id} AS TEXT) || ':' || ${dim.value}` }
    : { list: `${kind}_faction`, value: sql`CAST(${id} AS TEXT)` };

/**
 * The active rows of `kind` (unit, hero) in the active factions matching a dimension (one filter
 * or a `combined` few) or all: the kept count less the inactive factions' own counts (a few rows).
 */
export function visibleTotal(kind: "unit" | "hero", dim?: KeptDim) {
  const whole = dim ? kept(`${kind}_${dim.name}`, dim.value) : kept(kind, "");
  const own = perFaction(kind, dim, sql`f.id`);
  return sql<number>`(${whole} - coalesce((SELECT sum(fc.n) FROM factions f JOIN facet_counts fc
    ON fc.list = ${listName(own.list)} AND fc.value = ${own.value} WHERE f.is_active = 0), 0))`.mapWith(Number);
}

/** The active rows of `kind` in faction `factionId` (0 when that faction is inactive or missing) matching a dimension or all. */
export function factionTotal(kind: "unit" | "hero", factionId: KeptValue, dim?: KeptDim) {
  const own = perFaction(kind, dim, sql`f.id`);
  return sql<number>`coalesce((SELECT fc.n FROM factions f JOIN facet_counts fc ON fc.list = ${listName(own.list)} AND fc.value = ${own.value}
    WHERE f.id = ${factionId} AND f.is_active = 1), 0)`.mapWith(Number);
}

/**
 * The groups of a list ordered by faction first (units, heroes): each active faction's id as `g`
 * and its kept count of rows matching the dimension (or all) as `n`, for `pageStart`.
 */
export const factionGroups = (kind: "unit" | "hero", dim?: KeptDim) => {
  const own = perFaction(kind, dim, sql`f.id`);
  return sql`SELECT f.id AS g, coalesce(fc.n, 0) AS n FROM factions f LEFT JOIN facet_counts fc
    ON fc.list = ${listName(own.list)} AND fc.value = ${own.value} WHERE f.is_active = 1`;
};

/**
 * Every faction (inactive ones too) as a group `g` with its kept count of every unit `n`
 * (`unit_all_faction`, migration 0021, hidden units too), for `pageStart` of a moderator's list.
 */
export const everyFactionGroups = () =>
  sql`SELECT f.id AS g, coalesce(fc.n, 0) AS n FROM factions f LEFT JOIN facet_counts fc
    ON fc.list = ${listName("unit_all_faction")} AND fc.value = CAST(f.id AS TEXT)`;

/**
 * Where a page of a list ordered by a group first starts, from the groups' kept counts (`groups`
 * selects `g` and `n`, `g` in the list's order): a CTE of one row, the group holding row `offset`
 * and how many of that group's rows to skip (no row past the end, so the page is empty). The page
 * reads from its group on with a small OFFSET instead of stepping over every row before it:
 * `db.with(start.cte).select()…where(col >= start.group)…offset(start.skip)`. The CTE is named
 * twice, so SQLite computes it once.
 */
export function pageStart(db: Database, groups: SQL, offset: KeptValue) {
  const upTo = sql`SELECT g, n, sum(n) OVER (ORDER BY g ROWS UNBOUNDED PRECEDING) AS upto FROM (${groups})`;
  const cte = db.$with("page_start").as(
    db
      .select({ g: sql`g`.as("g"), skip: sql<number>`${offset} - (upto - n)`.as("skip") })
      .from(sql`(${upTo})`)
      .where(sql`upto > ${offset}`)
      .orderBy(sql`g`)
      .limit(1),
  );
  return {
    cte,
    group: sql`(SELECT g FROM page_start)`,
    skip: sql<number>`coalesce((SELECT skip FROM page_start), 0)`,
  };
}

const g = alias(facetCounts, "g");
const fc = alias(facetCounts, "fc");

/**
 * A filter's choices with their counts from the kept rows of `kind` (unit, hero, spell) and
 * dimension `name`: for the visible rows (units and heroes: less the inactive factions' own
 * counts), or for one active faction's (`<kind>_faction_<name>` rows 'id:value'). Values come
 * back as text; choices whose count is 0 are left out by `nonZero`.
 */
export function keptFacet(db: Database, kind: "unit" | "hero" | "spell", name: string, factionId?: number) {
  if (factionId === undefined) {
    // The outer row is named `g` in the subquery (drizzle writes a single-table select's columns unqualified).
    const less =
      kind === "spell"
        ? sql``
        : sql` - coalesce((SELECT sum(x.n) FROM factions f JOIN facet_counts x ON x.list = ${listName(`${kind}_faction_${name}`)}
            AND x.value = CAST(f.id AS TEXT) || ':' || "g"."value" WHERE f.is_active = 0), 0)`;
    return db
      .select({ value: g.value, count: sql<number>`"g"."n"${less}`.mapWith(Number) })
      .from(g)
      .where(and(eq(g.list, `${kind}_${name}`), gt(g.n, 0)))
      .orderBy(asc(g.value));
  }
  const prefix = `${factionId}:`;
  return db
    .select({ value: sql<string>`substr(${fc.value}, ${prefix.length + 1})`, count: fc.n })
    .from(fc)
    .innerJoin(factions, and(eq(factions.id, factionId), eq(factions.isActive, true)))
    .where(and(eq(fc.list, `${kind}_faction_${name}`), gte(fc.value, prefix), lt(fc.value, `${factionId};`), gt(fc.n, 0)))
    .orderBy(asc(fc.value));
}

/** The active factions with their kept count of `list` (unit_faction, hero_faction, spell_faction), in display order; only `factionId` when given. */
export const keptFactionFacet = (db: Database, list: string, factionId?: number) =>
  db
    .select({ value: factions.id, label: factions.name, count: fc.n })
    .from(factions)
    .innerJoin(fc, and(eq(fc.list, list), eq(fc.value, sql`CAST(${factions.id} AS TEXT)`)))
    .where(and(eq(factions.isActive, true), gt(fc.n, 0), factionId === undefined ? undefined : eq(factions.id, factionId)))
    .orderBy(asc(factions.sortOrder), asc(factions.name));

/** Choices whose count is above 0, values as numbers when `numeric`. */
export function nonZero<T extends string | number>(rows: readonly { value: string | number; count: number }[], numeric: boolean) {
  return rows.filter((r) => r.count > 0).map((r) => ({ value: (numeric ? Number(r.value) : String(r.value)) as T, count: r.count }));
}
