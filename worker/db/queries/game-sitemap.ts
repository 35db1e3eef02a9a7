/**
 * The sitemap's reads (worker/routes/seo.ts): how many URLs each child sitemap type has, and one
 * child's page of them. Each type is listed by id, a child holding `limit` URLs from `offset`.
 */
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { factions, gameInfoArticles, heroes, listCounts, newsArticles, spells, units } from "../schema";
import { activeFactionIds } from "./game-common";
import { kept, visibleTotal } from "./game-counts";

/** The child sitemaps' types whose URLs come from a growing table. */
export const SITEMAP_ENTITY_TYPES = ["news", "units", "heroes", "spells"] as const;
export type SitemapEntityType = (typeof SITEMAP_ENTITY_TYPES)[number];

/** The rows each type lists: published articles, active units and heroes of active factions, active spells. */
const listed = (db: Database) => ({
  news: { table: newsArticles, id: newsArticles.id, updatedAt: newsArticles.updatedAt, where: eq(newsArticles.isPublished, true) },
  units: { table: units, id: units.id, updatedAt: units.updatedAt, where: and(eq(units.isActive, true), inArray(units.factionId, activeFactionIds(db))) },
  heroes: { table: heroes, id: heroes.id, updatedAt: heroes.updatedAt, where: and(eq(heroes.isActive, true), inArray(heroes.factionId, activeFactionIds(db))) },
  spells: { table: spells, id: spells.id, updatedAt: spells.updatedAt, where: eq(spells.isActive, true) },
});

/**
 * How many URLs each type lists (one batch): the sitemap index is made from these. Each reads its
 * kept count (the published news in list_counts, migration 0013; units, heroes and spells in
 * facet_counts, migration 0016), the same numbers as counting their rows.
 */
export async function sitemapCounts(db: Database): Promise<Record<SitemapEntityType, number>> {
  const one = sql`(SELECT 1)`;
  const results = await db.batch([
    db.select({ n: listCounts.n }).from(listCounts).where(eq(listCounts.name, "news_published")),
    db.select({ n: visibleTotal("unit") }).from(one),
    db.select({ n: visibleTotal("hero") }).from(one),
    db.select({ n: kept("spell", "") }).from(one),
  ]);
  return Object.fromEntries(SITEMAP_ENTITY_TYPES.map((type, i) => [type, results[i]![0]?.n ?? 0])) as Record<SitemapEntityType, number>;
}

/** One child's URLs of a type: ids and last changes, by id. */
export async function sitemapEntityPage(db: Database, type: SitemapEntityType, limit: number, offset: number) {
  const t = listed(db)[type];
  return db.select({ id: t.id, updatedAt: t.updatedAt }).from(t.table).where(t.where).orderBy(asc(t.id)).limit(limit).offset(offset);
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
