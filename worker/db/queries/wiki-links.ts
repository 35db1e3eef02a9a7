import { and, eq, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../client";
import { factions, gameInfoArticles, heroes, spells, units, wikiLinks } from "../schema";
import { cachedSettings, rememberSettings, settingsRowQuery } from "./settings";
import type { SiteSettingsDto } from "../../../shared/schemas/settings";
import type { Unit } from "../../../shared/schemas/unit";
import type { Hero } from "../../../shared/schemas/hero";
import type { Spell } from "../../../shared/schemas/spell";
import { foldName, WIKI_NAME_ORDER, WIKI_REFS_MAX, type BrokenReason, type WikiRef, type WikiSourceType, type WikiType } from "../../../shared/wiki-syntax";

/**
 * The records wiki links and stat cards point at, read in one batch whatever a body holds
 * (docs/design/wiki.md): per type, the ids and names referenced (`json_each`, one bound value
 * each) plus what the body's stored links resolved to before (so a link by name survives a
 * rename), each statement capped. Visibility is the public one: a page renders what a guest sees.
 */

/** What a stat card shows of a unit, hero or spell: the record's own fields, with its faction's name. */
export type UnitCard = Pick<Unit, "tier" | "unitType" | "attack" | "defense" | "minDamage" | "maxDamage" | "health" | "speed" | "cost"> & { faction: string };
export type HeroCard = Pick<Hero, "title" | "heroType" | "heroClass"> & { faction: string; attack: number; defense: number; spellPower: number; knowledge: number };
export type SpellCard = Pick<Spell, "school" | "level" | "manaCost" | "basePower"> & { spellType: Spell["type"] };

export type WikiRecord = {
  type: WikiType;
  id: number;
  name: string;
  /** A guide's slug (its page's address). */
  slug?: string;
  visible: boolean;
  portraitUrl?: string | null;
  card?: ({ type: "unit" } & UnitCard) | ({ type: "hero" } & HeroCard) | ({ type: "spell" } & SpellCard);
};

export type WikiSource = { type: WikiSourceType; id: number };

/** At most this many rows per type: names need not be unique, so a name may match several. */
const ROWS_PER_TYPE = WIKI_REFS_MAX * 4;

const inJson = (column: SQLWrapper, values: readonly (string | number)[]): SQL | undefined =>
  values.length ? sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))` : undefined;
const namedJson = (column: SQLWrapper, names: readonly string[]): SQL | undefined =>
  names.length ? sql`${column} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(names)}))` : undefined;
const storedTargets = (column: SQLWrapper, type: WikiType, source: WikiSource | null): SQL | undefined =>
  source
    ? sql`${column} IN (SELECT ${wikiLinks.targetId} FROM ${wikiLinks} WHERE ${wikiLinks.sourceType} = ${source.type} AND ${wikiLinks.sourceId} = ${source.id} AND ${wikiLinks.targetType} = ${type})`
    : undefined;

type Wanted = Record<WikiType, { ids: number[]; names: string[] }>;

function wanted(links: readonly WikiRef[], cards: readonly { type: WikiType; id: number }[]): Wanted {
  const w = Object.fromEntries(WIKI_NAME_ORDER.map((t) => [t, { ids: [] as number[], names: [] as string[] }])) as Wanted;
  for (const ref of links.slice(0, WIKI_REFS_MAX)) {
    if (ref.type && ref.id !== null) w[ref.type].ids.push(ref.id);
    else if (ref.name !== null) for (const t of ref.type ? [ref.type] : WIKI_NAME_ORDER) w[t].names.push(ref.name);
  }
  for (const card of cards.slice(0, WIKI_REFS_MAX)) w[card.type].ids.push(card.id);
  return w;
}

/**
 * The records the references may name, what the source's links resolved to before, and the site
 * settings (their image hosts decide which images render), all in one round trip.
 */
export async function readWikiTargets(
  db: Database,
  links: readonly WikiRef[],
  cards: readonly { type: WikiType; id: number }[],
  source: WikiSource | null,
): Promise<{ records: WikiRecord[]; stored: Map<string, { type: WikiType; id: number }>; indexed: boolean; settings: SiteSettingsDto }> {
  const w = wanted(links, cards);
  const where = (type: WikiType, id: SQLWrapper, name: SQLWrapper, extra?: SQL) =>
    or(inJson(id, w[type].ids), namedJson(name, w[type].names), storedTargets(id, type, source), extra) ?? sql`0`;
  const settings = cachedSettings(db);
  const [unitRows, heroRows, spellRows, factionRows, guideRows, storedRows, settingsRows] = await db.batch([
    db
      .select({
        id: units.id,
        name: units.name,
        portraitUrl: units.portraitUrl,
        visible: sql<number>`${units.isActive} AND ${factions.isActive}`,
        tier: units.tier,
        unitType: units.unitType,
        faction: sql<string>`${factions.name}`.as("unit_faction"),
        attack: units.attack,
        defense: units.defense,
        minDamage: units.minDamage,
        maxDamage: units.maxDamage,
        health: units.health,
        speed: units.speed,
        cost: units.cost,
      })
      .from(units)
      .innerJoin(factions, eq(factions.id, units.factionId))
      .where(where("unit", units.id, units.name))
      .limit(ROWS_PER_TYPE),
    db
      .select({
        id: heroes.id,
        name: heroes.name,
        portraitUrl: heroes.portraitUrl,
        visible: sql<number>`${heroes.isActive} AND ${factions.isActive}`,
        title: heroes.title,
        heroType: heroes.heroType,
        heroClass: heroes.heroClass,
        faction: sql<string>`${factions.name}`.as("hero_faction"),
        attack: heroes.startingAttack,
        defense: heroes.startingDefense,
        spellPower: heroes.startingSpellPower,
        knowledge: heroes.startingKnowledge,
      })
      .from(heroes)
      .innerJoin(factions, eq(factions.id, heroes.factionId))
      .where(where("hero", heroes.id, heroes.name))
      .limit(ROWS_PER_TYPE),
    db
      .select({
        id: spells.id,
        name: spells.name,
        visible: spells.isActive,
        school: spells.school,
        level: spells.level,
        manaCost: spells.manaCost,
        basePower: spells.basePower,
        spellType: spells.type,
      })
      .from(spells)
      .where(where("spell", spells.id, spells.name))
      .limit(ROWS_PER_TYPE),
    db
      .select({ id: factions.id, name: factions.name, visible: factions.isActive })
      .from(factions)
      .where(where("faction", factions.id, factions.name))
      .limit(ROWS_PER_TYPE),
    db
      .select({ id: gameInfoArticles.id, name: gameInfoArticles.title, slug: gameInfoArticles.slug, visible: gameInfoArticles.isPublished })
      .from(gameInfoArticles)
      .where(where("guide", gameInfoArticles.id, gameInfoArticles.title, namedJson(gameInfoArticles.slug, w.guide.names)))
      .limit(ROWS_PER_TYPE),
    db
      .select({ key: wikiLinks.refKey, kind: wikiLinks.kind, type: wikiLinks.targetType, id: wikiLinks.targetId })
      .from(wikiLinks)
      .where(source ? and(eq(wikiLinks.sourceType, source.type), eq(wikiLinks.sourceId, source.id)) : sql`0`)
      .limit(WIKI_REFS_MAX * 2),
    settingsRowQuery(db).limit(settings ? 0 : 1),
  ]);
  const records: WikiRecord[] = [
    ...unitRows.map(({ id, name, portraitUrl, visible, ...card }) => ({ type: "unit" as const, id, name, portraitUrl, visible: !!visible, card: { type: "unit" as const, ...card } })),
    ...heroRows.map(({ id, name, portraitUrl, visible, ...card }) => ({ type: "hero" as const, id, name, portraitUrl, visible: !!visible, card: { type: "hero" as const, ...card } })),
    ...spellRows.map(({ id, name, visible, ...card }) => ({ type: "spell" as const, id, name, visible: !!visible, card: { type: "spell" as const, ...card } })),
    ...factionRows.map((r) => ({ type: "faction" as const, id: r.id, name: r.name, visible: !!r.visible })),
    ...guideRows.map((r) => ({ type: "guide" as const, id: r.id, name: r.name, slug: r.slug, visible: !!r.visible })),
  ];
  const stored = new Map<string, { type: WikiType; id: number }>();
  for (const row of storedRows) if (row.kind === "link" && row.type && row.id !== null) stored.set(row.key, { type: row.type, id: row.id });
  // Every save stores a row per reference, resolved or not: none means the body was never indexed.
  return { records, stored, indexed: storedRows.length > 0, settings: settings ?? rememberSettings(db, settingsRows) };
}

export type Resolved = { record: WikiRecord | null; ambiguous: boolean; broken: BrokenReason | null };

/**
 * What a reference names: by id, that record; by name, the first type in WIKI_NAME_ORDER with a
 * match (a guide by title, or by slug when typed), the lowest id among several (`ambiguous`);
 * a name matching nothing falls back to what the link resolved to when last saved (a renamed
 * target). A record a guest cannot see is `hidden`, no record is `missing`.
 */
export function resolveRef(ref: WikiRef, records: readonly WikiRecord[], stored: ReadonlyMap<string, { type: WikiType; id: number }>): Resolved {
  const find = (type: WikiType, id: number) => records.find((r) => r.type === type && r.id === id) ?? null;
  let record: WikiRecord | null = null;
  let ambiguous = false;
  if (ref.type && ref.id !== null) record = find(ref.type, ref.id);
  else if (ref.name !== null) {
    const folded = foldName(ref.name);
    const matches = (r: WikiRecord) => foldName(r.name) === folded || (ref.type === "guide" && r.slug !== undefined && foldName(r.slug) === folded);
    const candidates = records.filter((r) => (ref.type ? r.type === ref.type : true) && matches(r));
    ambiguous = candidates.length > 1;
    for (const type of ref.type ? [ref.type] : WIKI_NAME_ORDER) {
      const ofType = candidates.filter((r) => r.type === type).sort((a, b) => a.id - b.id);
      if (ofType[0]) {
        record = ofType[0];
        break;
      }
    }
    if (!record) {
      const before = stored.get(ref.key);
      if (before) record = find(before.type, before.id);
    }
  }
  const broken: BrokenReason | null = !record ? "missing" : !record.visible ? "hidden" : ambiguous ? "ambiguous" : null;
  return { record, ambiguous, broken };
}

/**
 * Replaces a body's stored links with what it references now (on every save): one statement
 * that deletes and one that inserts every row from a JSON array, whatever their number.
 */
export async function keepWikiLinks(
  db: Database,
  source: WikiSource,
  links: readonly WikiRef[],
  cards: readonly { type: WikiType; id: number; key: string }[],
): Promise<void> {
  const { records, stored } = await readWikiTargets(db, links, cards, source);
  const rows = [
    ...links.slice(0, WIKI_REFS_MAX).map((ref) => {
      const { record, ambiguous } = resolveRef(ref, records, stored);
      const target = ref.type && ref.id !== null ? { type: ref.type, id: ref.id } : record ? { type: record.type, id: record.id } : null;
      return {
        kind: "link",
        key: ref.key,
        refType: ref.type,
        refName: ref.id === null ? ref.name : null,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        ambiguous: ambiguous ? 1 : 0,
        text: ref.label ?? ref.name ?? record?.name ?? ref.key,
      };
    }),
    ...cards.slice(0, WIKI_REFS_MAX).map((card) => ({
      kind: "card",
      key: card.key,
      refType: card.type,
      refName: null,
      targetType: card.type,
      targetId: card.id,
      ambiguous: 0,
      text: card.key,
    })),
  ];
  const mine = and(eq(wikiLinks.sourceType, source.type), eq(wikiLinks.sourceId, source.id));
  await db.batch([
    db.delete(wikiLinks).where(mine),
    // Every column in the table's order (the id is given by AUTOINCREMENT).
    db.insert(wikiLinks).select(
      sql`SELECT NULL, ${source.type}, ${source.id}, j.value ->> '$.kind', j.value ->> '$.key', j.value ->> '$.refType', j.value ->> '$.refName',
        j.value ->> '$.targetType', j.value ->> '$.targetId', j.value ->> '$.ambiguous', j.value ->> '$.text'
        FROM json_each(${JSON.stringify(rows)}) j`,
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------
// What links here, and the broken links
// ---------------------------------------------------------------------------------------------

export type LinkSourceRow = { type: WikiSourceType; id: number; title: string; slug: string | null; isPublished: boolean };

/** A source's title, slug (guides) and published flag, by its type and id. */
const sourceColumns = sql`
  CASE wiki_links.source_type WHEN 'guide' THEN (SELECT title FROM game_info_articles WHERE id = wiki_links.source_id) ELSE (SELECT title FROM news_articles WHERE id = wiki_links.source_id) END AS title,
  CASE wiki_links.source_type WHEN 'guide' THEN (SELECT slug FROM game_info_articles WHERE id = wiki_links.source_id) END AS slug,
  CASE wiki_links.source_type WHEN 'guide' THEN (SELECT is_published FROM game_info_articles WHERE id = wiki_links.source_id) ELSE (SELECT is_published FROM news_articles WHERE id = wiki_links.source_id) END AS published`;

/** The columns of a source row read from the subquery `s`. */
const sourceFields = {
  source_type: sql<WikiSourceType>`s.source_type`,
  source_id: sql<number>`s.source_id`,
  title: sql<string | null>`s.title`,
  slug: sql<string | null>`s.slug`,
  published: sql<number | null>`s.published`,
};

type SourceRaw = { source_type: WikiSourceType; source_id: number; title: string | null; slug: string | null; published: number | null };
const toSource = (r: SourceRaw): LinkSourceRow => ({ type: r.source_type, id: r.source_id, title: r.title ?? "", slug: r.slug, isPublished: r.published === 1 });

/**
 * The guides and news that link to or embed a record, by title: one batch (count and page), read
 * through the links' target index. Drafts are listed only when `drafts` (moderators).
 */
export async function listBacklinks(
  db: Database,
  target: { type: WikiType; id: number } | { type: "guide"; slug: string },
  drafts: boolean,
  page: number,
  pageSize: number,
) {
  const targetId = "id" in target ? sql`${target.id}` : sql`(SELECT ${gameInfoArticles.id} FROM ${gameInfoArticles} WHERE ${gameInfoArticles.slug} = ${target.slug})`;
  const sources = sql`(SELECT wiki_links.source_type, wiki_links.source_id, MAX(wiki_links.kind = 'card') AS embeds, ${sourceColumns}
    FROM ${wikiLinks} WHERE wiki_links.target_type = ${target.type} AND wiki_links.target_id = ${targetId}
    GROUP BY wiki_links.source_type, wiki_links.source_id)`;
  const visible = drafts ? sql`s.title IS NOT NULL` : sql`s.published = 1`;
  const from = sql`${sources} s`;
  const [count, rows] = await db.batch([
    db.select({ n: sql<number>`COUNT(*)` }).from(from).where(visible),
    db
      .select({ ...sourceFields, embeds: sql<number>`s.embeds` })
      .from(from)
      .where(visible)
      .orderBy(sql`s.title COLLATE NOCASE`, sql`s.source_type`, sql`s.source_id`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows.map((r) => ({ ...toSource(r), embeds: r.embeds === 1 })), totalCount: count[0]?.n ?? 0 };
}

/** 1 when a reader may see the target, 0 when hidden, NULL when it does not exist. */
const targetVisible = sql`CASE wiki_links.target_type
  WHEN 'unit' THEN (SELECT u.is_active AND f.is_active FROM units u JOIN factions f ON f.id = u.faction_id WHERE u.id = wiki_links.target_id)
  WHEN 'hero' THEN (SELECT h.is_active AND f.is_active FROM heroes h JOIN factions f ON f.id = h.faction_id WHERE h.id = wiki_links.target_id)
  WHEN 'spell' THEN (SELECT is_active FROM spells WHERE id = wiki_links.target_id)
  WHEN 'faction' THEN (SELECT is_active FROM factions WHERE id = wiki_links.target_id)
  WHEN 'guide' THEN (SELECT is_published FROM game_info_articles WHERE id = wiki_links.target_id)
END`;

/**
 * Every stored link or card a reader sees as "Page not found" (its target is missing, hidden or
 * a draft), or whose name matched several records, with the page it is on; newest source first.
 * A moderators' report: it reads the whole links table (one row per distinct reference).
 */
export async function listBrokenLinks(db: Database, reason: BrokenReason | undefined, page: number, pageSize: number) {
  const broken = sql`(SELECT wiki_links.source_type, wiki_links.source_id, wiki_links.ref_key, wiki_links.text, wiki_links.kind, ${sourceColumns},
      CASE WHEN wiki_links.target_id IS NULL OR ${targetVisible} IS NULL THEN 'missing' WHEN ${targetVisible} = 0 THEN 'hidden' WHEN wiki_links.ambiguous THEN 'ambiguous' END AS reason
    FROM ${wikiLinks})`;
  const which = reason ? sql`s.reason = ${reason}` : sql`s.reason IS NOT NULL`;
  const from = sql`${broken} s`;
  const [count, rows] = await db.batch([
    db.select({ n: sql<number>`COUNT(*)` }).from(from).where(which),
    db
      .select({ ...sourceFields, ref_key: sql<string>`s.ref_key`, text: sql<string>`s.text`, kind: sql<string>`s.kind`, reason: sql<BrokenReason>`s.reason` })
      .from(from)
      .where(which)
      .orderBy(sql`s.source_type`, sql`s.source_id DESC`, sql`s.ref_key`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    items: rows.map((r) => ({ source: toSource(r), text: r.kind === "card" ? `{{${r.ref_key}}}` : r.text, ref: r.ref_key, reason: r.reason })),
    totalCount: count[0]?.n ?? 0,
  };
}
