/** Game-info article queries (drizzle over D1). Guests see published articles only. */
import { and, asc, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { keptReads } from "../kept";
import { contentWords, ftsAnyQuery, ftsQuery } from "../../lib/fts";
import type { GameInfoArticle, GameInfoCategories, GameInfoInput, GameInfoListItem } from "../../schemas/gameinfo";
import { gameInfoArticles } from "../schema";
import {
  auditRow,
  changedFields,
  countAll,
  duplicate,
  isGuardFailure,
  isUniqueFailure,
  nextStamp,
  options,
  type Actor,
  type WriteResult,
} from "./game-common";

type ArticleRow = typeof gameInfoArticles.$inferSelect;
const { content: _content, ...listColumns } = getTableColumns(gameInfoArticles);
type ListRow = Omit<ArticleRow, "content">;

function toListItem(row: ListRow): GameInfoListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    summary: row.summary,
    imageUrl: row.imageUrl,
    author: row.author,
    isFeatured: row.isFeatured,
    isPublished: row.isPublished,
    sortOrder: row.sortOrder,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const toArticle = (row: ArticleRow): GameInfoArticle => ({ ...toListItem(row), content: row.content });

const published = eq(gameInfoArticles.isPublished, true);
const listOrder = [asc(gameInfoArticles.sortOrder), desc(gameInfoArticles.publishedAt), asc(gameInfoArticles.id)];

/** `id IN (rows matching the FTS expression)`, the outer table named explicitly. */
const matches = (expression: string) =>
  sql`"game_info_articles"."id" IN (SELECT rowid FROM game_info_fts WHERE game_info_fts MATCH ${expression})`;

export type GameInfoFilter = { category?: string; search?: string; featuredOnly: boolean; all: boolean };

export async function listGameInfo(db: Database, f: GameInfoFilter, page: number, pageSize: number) {
  const match = f.search ? ftsQuery(f.search) : null;
  const where = and(
    f.all ? undefined : published,
    f.category ? sql`${gameInfoArticles.category} = ${f.category} COLLATE NOCASE` : undefined,
    f.featuredOnly ? eq(gameInfoArticles.isFeatured, true) : undefined,
    match ? matches(match) : undefined,
  );
  const [total, rows] = await db.batch([
    db.select({ n: countAll() }).from(gameInfoArticles).where(where),
    db
      .select(listColumns)
      .from(gameInfoArticles)
      .where(where)
      .orderBy(...listOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows.map(toListItem), totalCount: total[0]?.n ?? 0 };
}

export async function getGameInfo(db: Database, id: number, all: boolean): Promise<GameInfoArticle | null> {
  const [row] = await db
    .select()
    .from(gameInfoArticles)
    .where(and(eq(gameInfoArticles.id, id), all ? undefined : published));
  return row ? toArticle(row) : null;
}

/**
 * One article by slug, or null. Sent as a batch (of one) so that a page reading the article and
 * its related articles together looks it up in one round trip (worker/db/read-batch.ts).
 */
export async function getGameInfoBySlug(db: Database, slug: string, all: boolean): Promise<GameInfoArticle | null> {
  const [[row]] = await db.batch([
    db
      .select()
      .from(gameInfoArticles)
      .where(and(eq(gameInfoArticles.slug, slug), all ? undefined : published)),
  ]);
  return row ? toArticle(row) : null;
}

/*
 * The article index's reads are kept reads (worker/db/kept.ts), each sent as a batch, so a
 * page's reads join its one D1 round trip (worker/db/read-batch.ts; single statements do not).
 */
const categoryReads = keptReads((db, _shape: null) => ({
  rows: db
    .select({ value: gameInfoArticles.category, count: countAll() })
    .from(gameInfoArticles)
    .where(published)
    .groupBy(gameInfoArticles.category)
    .orderBy(asc(gameInfoArticles.category)),
}));

const featuredReads = keptReads((db, _shape: null) => ({
  rows: db
    .select(listColumns)
    .from(gameInfoArticles)
    .where(and(published, eq(gameInfoArticles.isFeatured, true)))
    .orderBy(...listOrder)
    .limit(sql.placeholder("limit")),
}));

/** Categories of the published articles with their counts, by name. */
export async function gameInfoCategories(db: Database): Promise<GameInfoCategories> {
  const [rows] = await db.batch([categoryReads(db, null, {}).rows]);
  return { categories: options(rows as { value: string; count: number }[]) };
}

/** Featured published articles in display order. */
export async function featuredGameInfo(db: Database, limit: number): Promise<GameInfoListItem[]> {
  const [rows] = await db.batch([featuredReads(db, null, { limit }).rows]);
  return (rows as ListRow[]).map(toListItem);
}

/**
 * Articles related to one (null when it is not visible): published articles of the same
 * category first (display order), then those sharing the most words of its title and summary
 * (full-text candidates ranked by shared words). Two round trips: the article, then one batch.
 */
export async function relatedGameInfo(db: Database, id: number, limit: number, all: boolean): Promise<GameInfoListItem[] | null> {
  const article = await getGameInfo(db, id, all);
  return article && relatedTo(db, article, limit);
}

/** As `relatedGameInfo`, for the article with this slug. */
export async function relatedGameInfoBySlug(db: Database, slug: string, limit: number, all: boolean): Promise<GameInfoListItem[] | null> {
  const article = await getGameInfoBySlug(db, slug, all);
  return article && relatedTo(db, article, limit);
}

async function relatedTo(db: Database, article: GameInfoArticle, limit: number): Promise<GameInfoListItem[]> {
  const words = contentWords(`${article.title} ${article.summary}`);
  const anyWord = ftsAnyQuery(words);
  const others = and(published, ne(gameInfoArticles.id, article.id));
  const [sameCategory, candidates] = await db.batch([
    db
      .select(listColumns)
      .from(gameInfoArticles)
      .where(and(others, eq(gameInfoArticles.category, article.category)))
      .orderBy(...listOrder)
      .limit(limit),
    db
      .select({ ...listColumns, content: gameInfoArticles.content })
      .from(gameInfoArticles)
      .where(and(others, ne(gameInfoArticles.category, article.category), anyWord ? matches(anyWord) : sql`0`))
      .orderBy(...listOrder)
      .limit(50),
  ]);
  const wanted = new Set(words);
  const scored = candidates
    .map((row, order) => {
      const theirs = contentWords(`${row.title} ${row.summary} ${row.content}`);
      return { row, order, shared: theirs.filter((w) => wanted.has(w)).length };
    })
    .filter((c) => c.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .map((c) => c.row);
  return [...sameCategory, ...scored].slice(0, limit).map(toListItem);
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit row in the same batch)
// ---------------------------------------------------------------------------------------------

const ARTICLE_FIELDS = [
  "title", "slug", "category", "summary", "content", "imageUrl", "author", "isFeatured", "isPublished", "sortOrder",
] as const satisfies readonly (keyof GameInfoArticle & keyof GameInfoInput)[];

const articleValues = (input: GameInfoInput) => ({
  title: input.title,
  slug: input.slug,
  category: input.category,
  summary: input.summary,
  content: input.content,
  imageUrl: input.imageUrl,
  author: input.author,
  isFeatured: input.isFeatured,
  isPublished: input.isPublished,
  sortOrder: input.sortOrder,
});

/** The audit log keeps an article's content as its length only. */
const forAudit = <T extends { content?: string }>(fields: T) => {
  const { content, ...rest } = fields;
  return content === undefined ? rest : { ...rest, contentLength: content.length };
};

const duplicateSlug = () => duplicate("slug", "An article with this slug already exists.");

export async function createGameInfo(db: Database, input: GameInfoInput, actor: Actor): Promise<WriteResult<GameInfoArticle>> {
  const [clash] = await db.select({ id: gameInfoArticles.id }).from(gameInfoArticles).where(eq(gameInfoArticles.slug, input.slug));
  if (clash) return duplicateSlug();
  const values = { ...articleValues(input), publishedAt: input.isPublished ? new Date().toISOString() : null };
  try {
    const [rows] = await db.batch([
      db.insert(gameInfoArticles).values(values).returning(),
      auditRow(db, actor, "create", "gameinfo", sql`(SELECT CAST(max(id) AS TEXT) FROM game_info_articles)`, { after: forAudit(values) }),
    ]);
    return { ok: true, value: toArticle(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "game_info_articles.slug")) return duplicateSlug();
    throw err;
  }
}

export async function updateGameInfo(
  db: Database,
  id: number,
  input: GameInfoInput,
  actor: Actor,
): Promise<WriteResult<GameInfoArticle>> {
  const [current, clash] = await db.batch([
    db.select().from(gameInfoArticles).where(eq(gameInfoArticles.id, id)),
    db
      .select({ id: gameInfoArticles.id })
      .from(gameInfoArticles)
      .where(and(eq(gameInfoArticles.slug, input.slug), ne(gameInfoArticles.id, id))),
  ]);
  const row = current[0];
  if (!row) return { ok: false, kind: "not_found" };
  const before = toArticle(row);
  if (input.updatedAt !== undefined && input.updatedAt !== row.updatedAt) return { ok: false, kind: "stale", current: before };
  if (clash.length) return duplicateSlug();
  const diff = changedFields(before, { ...input }, ARTICLE_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(row.updatedAt);
  try {
    const [rows] = await db.batch([
      db
        .update(gameInfoArticles)
        .set({
          ...articleValues(input),
          // Set on the first publish, kept afterwards.
          publishedAt: row.publishedAt ?? (input.isPublished ? stamp : null),
          updatedAt: stamp,
        })
        .where(and(eq(gameInfoArticles.id, id), eq(gameInfoArticles.updatedAt, row.updatedAt)))
        .returning(),
      auditRow(
        db,
        actor,
        "update",
        "gameinfo",
        sql`(SELECT CAST(id AS TEXT) FROM game_info_articles WHERE id = ${id} AND updated_at = ${stamp})`,
        { before: forAudit(diff.before), after: forAudit(diff.after) },
      ),
    ]);
    return { ok: true, value: toArticle(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "game_info_articles.slug")) return duplicateSlug();
    if (!isGuardFailure(err)) throw err;
    const now = await getGameInfo(db, id, true);
    return now ? { ok: false, kind: "stale", current: now } : { ok: false, kind: "not_found" };
  }
}

export async function deleteGameInfo(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await getGameInfo(db, id, true);
  if (!before) return false;
  try {
    await db.batch([
      auditRow(db, actor, "delete", "gameinfo", sql`(SELECT CAST(id AS TEXT) FROM game_info_articles WHERE id = ${id})`, {
        before: forAudit(before),
      }),
      db.delete(gameInfoArticles).where(eq(gameInfoArticles.id, id)),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) return false;
    throw err;
  }
  return true;
}

