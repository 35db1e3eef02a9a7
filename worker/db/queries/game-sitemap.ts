/**
 * The sitemap's reads (worker/routes/seo.ts). A type's records are listed in children by id
 * range: child n of a type holds its public records with ids in ((n − 1) × range, n × range], read
 * along the primary key, so a child reads at most `range` records whatever the table's size. The
 * index names only the ranges that hold a public record, found by seeking from one range to the
 * next along the primary key (one row per range, plus hidden rows stepped over).
 */
import { asc, desc, eq, max, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { factions, gameInfoArticles, heroes, newsArticles, spells, units } from "../schema";

/** The child sitemaps' types whose URLs come from a growing table. */
export const SITEMAP_ENTITY_TYPES = ["news", "units", "heroes", "spells"] as const;
export type SitemapEntityType = (typeof SITEMAP_ENTITY_TYPES)[number];

type Listed = {
  table: SQLiteTable;
  id: SQLiteColumn;
  updatedAt: SQLiteColumn;
  /**
   * How the seek walks the table: along the primary key (`NOT INDEXED`, never an index on the
   * flag), or along a partial index of the listed ids when hidden rows come in runs (news drafts).
   */
  seekBy: SQL;
  /** The rows listed, as tested on one row found by id (the index's seek). */
  seek: SQL;
  /** The same rows, as tested on every row of a range (the child): a faction list built once. */
  range: SQL;
};

const NOT_INDEXED = sql`NOT INDEXED`;
const ACTIVE_FACTIONS = sql`(SELECT f.id FROM factions f WHERE f.is_active = 1)`;
const activeFaction = (factionId: SQLiteColumn) => sql`EXISTS (SELECT 1 FROM factions f WHERE f.id = ${factionId} AND f.is_active = 1)`;

/** The rows each type lists: published articles, active units and heroes of active factions, active spells. */
const LISTED: Record<SitemapEntityType, Listed> = {
  news: {
    table: newsArticles,
    id: newsArticles.id,
    updatedAt: newsArticles.updatedAt,
    seekBy: sql`INDEXED BY news_published_id_idx`,
    seek: sql`${newsArticles.isPublished} = 1`,
    range: sql`${newsArticles.isPublished} = 1`,
  },
  units: {
    table: units,
    id: units.id,
    updatedAt: units.updatedAt,
    seekBy: NOT_INDEXED,
    seek: sql`${units.isActive} = 1 AND ${activeFaction(units.factionId)}`,
    range: sql`${units.isActive} = 1 AND ${units.factionId} IN ${ACTIVE_FACTIONS}`,
  },
  heroes: {
    table: heroes,
    id: heroes.id,
    updatedAt: heroes.updatedAt,
    seekBy: NOT_INDEXED,
    seek: sql`${heroes.isActive} = 1 AND ${activeFaction(heroes.factionId)}`,
    range: sql`${heroes.isActive} = 1 AND ${heroes.factionId} IN ${ACTIVE_FACTIONS}`,
  },
  spells: { table: spells, id: spells.id, updatedAt: spells.updatedAt, seekBy: NOT_INDEXED, seek: sql`${spells.isActive} = 1`, range: sql`${spells.isActive} = 1` },
};

/**
 * A type's non-empty ranges, ascending: from range 0, the next listed row past the range's end
 * (walked as the type's `seekBy` says), and its range, until none.
 */
function rangesStatement(db: Database, type: SitemapEntityType, range: number) {
  const t = LISTED[type];
  const size = sql.raw(String(range));
  return db.all<unknown>(sql`WITH RECURSIVE r(n) AS (
    SELECT 0
    UNION ALL
    SELECT (SELECT (${t.id} - 1) / ${size} + 1 FROM ${t.table} ${t.seekBy} WHERE ${t.id} > r.n * ${size} AND ${t.seek} ORDER BY ${t.id} LIMIT 1)
    FROM r WHERE r.n IS NOT NULL
  ) SELECT n FROM r WHERE n > 0`);
}

/** A batch's raw row: D1 answers a raw statement in a batch as arrays of values. */
const firstValue = (row: unknown) => Number(Array.isArray(row) ? row[0] : Object.values(row as object)[0]);

/** Each type's non-empty ranges (one batch): the sitemap index is made from these. */
export async function sitemapRanges(db: Database, range: number): Promise<Record<SitemapEntityType, number[]>> {
  const results = (await db.batch([
    rangesStatement(db, "news", range),
    rangesStatement(db, "units", range),
    rangesStatement(db, "heroes", range),
    rangesStatement(db, "spells", range),
  ])) as unknown as unknown[][];
  return Object.fromEntries(SITEMAP_ENTITY_TYPES.map((type, i) => [type, results[i]!.map(firstValue)])) as Record<SitemapEntityType, number[]>;
}

/** The listed records of one range of a type: ids and last changes, by id. */
export async function sitemapRange(db: Database, type: SitemapEntityType, range: number, n: number) {
  const t = LISTED[type];
  const size = sql.raw(String(range));
  const rows = await db.all<{ id: number; updatedAt: string }>(sql`SELECT ${t.id} AS id, ${t.updatedAt} AS updatedAt FROM ${t.table} NOT INDEXED
    WHERE ${t.id} > (${n} - 1) * ${size} AND ${t.id} <= ${n} * ${size} AND ${t.range} ORDER BY ${t.id}`);
  return rows;
}

/**
 * The pages child: active factions and published game-info articles (a few dozen rows), and the
 * latest change of any published article (home and /news change with it), in one batch.
 */
export async function sitemapPagesData(db: Database, limit: number) {
  const [factionRows, articleRows, latest] = await db.batch([
    db.select({ id: factions.id, updatedAt: factions.updatedAt }).from(factions).where(eq(factions.isActive, true)).orderBy(asc(factions.sortOrder), asc(factions.id)).limit(limit),
    db
      .select({ slug: gameInfoArticles.slug, category: gameInfoArticles.category, updatedAt: gameInfoArticles.updatedAt })
      .from(gameInfoArticles)
      .where(eq(gameInfoArticles.isPublished, true))
      .orderBy(asc(gameInfoArticles.sortOrder), desc(gameInfoArticles.publishedAt), asc(gameInfoArticles.id))
      .limit(limit),
    db.select({ at: max(newsArticles.updatedAt) }).from(newsArticles).where(eq(newsArticles.isPublished, true)),
  ]);
  return { factions: factionRows, articles: articleRows, latestNews: latest[0]?.at ?? null };
}
