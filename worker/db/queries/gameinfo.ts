/** Game-info article queries (drizzle over D1). Guests see published articles only. */
import { and, asc, desc, eq, getTableColumns, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { keptReads } from "../kept";
import { contentWords, ftsAnyQuery, ftsQuery, visibleOnly } from "../fts";
import type { GameInfoArticle, GameInfoCategories, GameInfoInput, GameInfoListItem } from "../../../shared/schemas/gameinfo";
import { gameInfoArticles, gameInfoSlugRedirects } from "../schema";
import {
  changedFields,
  countAll,
  createdChanges,
  createdId,
  deletedChanges,
  diffChanges,
  duplicate,
  isUniqueFailure,
  options,
  writeRecords,
  type Actor,
  type WriteOptions,
  type WriteResult,
} from "./game-common";
import { guarded, guardedDelete, isStale, nextStamp, sameStamp, stampedId } from "./versioned";

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
/** Featured articles first, then the sort order, the newest first. */
const listOrder = [
  desc(gameInfoArticles.isFeatured),
  asc(gameInfoArticles.sortOrder),
  desc(gameInfoArticles.publishedAt),
  asc(gameInfoArticles.id),
];

/** `id IN (rows matching the FTS expression)`, the outer table named explicitly. */
const matches = (expression: unknown) =>
  sql`"game_info_articles"."id" IN (SELECT rowid FROM game_info_fts WHERE game_info_fts MATCH ${expression})`;

export type GameInfoFilter = { category?: string; search?: string; featuredOnly: boolean; all: boolean };

/**
 * The list (the /game-info page's read, and the admin list): a kept read per shape, its values
 * (category, search expression, page) bound as placeholders; one batch (count and page).
 */
const listReads = keptReads((db, shape: { all: boolean; category: boolean; featuredOnly: boolean; search: boolean }) => {
  const where = and(
    shape.all ? undefined : published,
    shape.category ? sql`${gameInfoArticles.category} = ${sql.placeholder("category")} COLLATE NOCASE` : undefined,
    shape.featuredOnly ? eq(gameInfoArticles.isFeatured, true) : undefined,
    shape.search ? matches(sql.placeholder("match")) : undefined,
  );
  return {
    total: db.select({ n: countAll() }).from(gameInfoArticles).where(where),
    rows: db
      .select(listColumns)
      .from(gameInfoArticles)
      .where(where)
      .orderBy(...listOrder)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  };
});

export async function listGameInfo(db: Database, f: GameInfoFilter, page: number, pageSize: number) {
  const words = f.search ? ftsQuery(f.search) : null;
  // Published articles only: the index is asked for visible ones (its visibility column).
  const match = words && !f.all ? visibleOnly(words) : words;
  const { total, rows } = listReads(
    db,
    { all: f.all, category: !!f.category, featuredOnly: f.featuredOnly, search: !!match },
    { category: f.category ?? "", match: match ?? "", limit: pageSize, offset: (page - 1) * pageSize },
  );
  const [count, items] = await db.batch([total, rows]);
  return { items: (items as ListRow[]).map(toListItem), totalCount: (count as { n: number }[])[0]?.n ?? 0 };
}

export async function getGameInfo(db: Database, id: number, all: boolean): Promise<GameInfoArticle | null> {
  const [row] = await db
    .select()
    .from(gameInfoArticles)
    .where(and(eq(gameInfoArticles.id, id), all ? undefined : published));
  return row ? toArticle(row) : null;
}

/**
 * The article with this slug, or with this slug before it was changed (its current slug wins):
 * one statement, so an old address costs no extra round trip.
 */
const bySlug = (slug: string) =>
  or(
    eq(gameInfoArticles.slug, slug),
    eq(gameInfoArticles.id, sql`(SELECT ${gameInfoSlugRedirects.articleId} FROM ${gameInfoSlugRedirects} WHERE ${gameInfoSlugRedirects.slug} = ${slug})`),
  );

/**
 * One article by slug (a current one, or an old one: the answer carries the current slug), or
 * null. Sent as a batch (of one) so that a page reading the article and its related articles
 * together looks it up in one round trip (worker/db/read-batch.ts).
 */
export async function getGameInfoBySlug(db: Database, slug: string, all: boolean): Promise<GameInfoArticle | null> {
  const [[row]] = await db.batch([
    db
      .select()
      .from(gameInfoArticles)
      .where(and(bySlug(slug), all ? undefined : published))
      .orderBy(sql`${gameInfoArticles.slug} = ${slug} DESC`)
      .limit(1),
  ]);
  return row ? toArticle(row) : null;
}

/*
 * The article index's reads are kept reads (worker/db/kept.ts), each sent as a batch, so a
 * page's reads join its one D1 round trip (worker/db/read-batch.ts; single statements do not).
 */
const categoryReads = keptReads((db, all: boolean) => ({
  rows: db
    .select({ value: gameInfoArticles.category, count: countAll() })
    .from(gameInfoArticles)
    .where(all ? undefined : published)
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

/** Categories of the published articles (of all, for `all`) with their counts, by name. */
export async function gameInfoCategories(db: Database, all = false): Promise<GameInfoCategories> {
  const [rows] = await db.batch([categoryReads(db, all, {}).rows]);
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
      .where(and(others, ne(gameInfoArticles.category, article.category), anyWord ? matches(visibleOnly(anyWord)) : sql`0`))
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
// Writes (each with its audit and history rows in the same batch: one transaction)
// ---------------------------------------------------------------------------------------------

/** The fields a change is made of (what the history keeps and a restore puts back). */
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

/** The audit log keeps an article's content as its length only (the history keeps the text). */
const forAudit = <T extends { content?: string }>(fields: T) => {
  const { content, ...rest } = fields;
  return content === undefined ? rest : { ...rest, contentLength: content.length };
};

const duplicateSlug = () => duplicate("slug", "An article with this slug already exists.");

/** A slug an article takes is no longer another address's redirect. */
const freeSlug = (db: Database, slug: string) => db.delete(gameInfoSlugRedirects).where(eq(gameInfoSlugRedirects.slug, slug));

/**
 * Creates an article with its audit and history rows, in one batch. `options.id` re-creates a
 * deleted article under its old id (a restore).
 */
export async function createGameInfo(
  db: Database,
  input: GameInfoInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<GameInfoArticle>> {
  const [clash] = await db.select({ id: gameInfoArticles.id }).from(gameInfoArticles).where(eq(gameInfoArticles.slug, input.slug));
  if (clash) return duplicateSlug();
  const values = { ...articleValues(input), publishedAt: input.isPublished ? new Date().toISOString() : null };
  const newId = createdId(gameInfoArticles, options);
  try {
    const results = await db.batch([
      db.insert(gameInfoArticles).values({ ...values, id: options.id }),
      freeSlug(db, input.slug),
      ...writeRecords(db, actor, {
        action: "create",
        entityType: "gameinfo",
        entityId: newId,
        audit: { after: forAudit(values) },
        changes: createdChanges(input, ARTICLE_FIELDS),
        options,
      }),
      db.select().from(gameInfoArticles).where(eq(gameInfoArticles.id, newId)),
    ]);
    const rows = results[results.length - 1] as ArticleRow[];
    return { ok: true, value: toArticle(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "game_info_articles.slug")) return duplicateSlug();
    throw err;
  }
}

/**
 * Replaces an article's fields while it still has the version it was read with (`updatedAt`,
 * else stale: 409 with the stored article). A new slug leaves the old one behind as a redirect.
 */
export async function updateGameInfo(
  db: Database,
  id: number,
  input: GameInfoInput,
  actor: Actor,
  options: WriteOptions = {},
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
  if (isStale(input.updatedAt, row.updatedAt)) return { ok: false, kind: "stale", current: before };
  if (clash.length) return duplicateSlug();
  const diff = changedFields(before, { ...input }, ARTICLE_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(row.updatedAt);
  const slugChanged = before.slug !== input.slug;
  try {
    const written = await guarded(
      () =>
        db.batch([
          db
            .update(gameInfoArticles)
            .set({
              ...articleValues(input),
              // Set on the first publish, kept afterwards.
              publishedAt: row.publishedAt ?? (input.isPublished ? stamp : null),
              updatedAt: stamp,
            })
            .where(sameStamp(gameInfoArticles, id, row.updatedAt)),
          ...writeRecords(db, actor, {
            action: "update",
            entityType: "gameinfo",
            entityId: stampedId(gameInfoArticles, id, stamp),
            audit: { before: forAudit(diff.before), after: forAudit(diff.after) },
            changes: diffChanges(diff),
            options,
          }),
          // The old slug becomes a redirect (the batch is one transaction: a stale write leaves none).
          ...(slugChanged
            ? [
                freeSlug(db, input.slug),
                db
                  .insert(gameInfoSlugRedirects)
                  .values({ slug: before.slug, articleId: id })
                  .onConflictDoUpdate({ target: gameInfoSlugRedirects.slug, set: { articleId: id } }),
              ]
            : []),
          db.select().from(gameInfoArticles).where(eq(gameInfoArticles.id, id)),
        ]),
      () => getGameInfo(db, id, true),
    );
    if (!written.ok) return written;
    const rows = written.value[written.value.length - 1] as ArticleRow[];
    return { ok: true, value: toArticle(rows[0]!), changed: true };
  } catch (err) {
    if (isUniqueFailure(err, "game_info_articles.slug")) return duplicateSlug();
    throw err;
  }
}

/** Deletes an article and its old slugs, with its audit and history rows; false when it did not exist. */
export async function deleteGameInfo(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await getGameInfo(db, id, true);
  if (!before) return false;
  return guardedDelete(() =>
    db.batch([
      ...writeRecords(db, actor, {
        action: "delete",
        entityType: "gameinfo",
        entityId: sql`(SELECT id FROM game_info_articles WHERE id = ${id})`,
        audit: { before: forAudit(before) },
        changes: deletedChanges(before, ARTICLE_FIELDS),
      }),
      db.delete(gameInfoSlugRedirects).where(eq(gameInfoSlugRedirects.articleId, id)),
      db.delete(gameInfoArticles).where(eq(gameInfoArticles.id, id)),
    ]),
  );
}

