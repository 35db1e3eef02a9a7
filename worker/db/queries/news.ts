/**
 * News queries. Every read is one batch (one D1 round trip); every write, its tags and its audit
 * row go in one atomic batch.
 */
import { and, count, desc, eq, exists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../env";
import { keptReads } from "../kept";
import { ftsQuery } from "../../lib/fts";
import type {
  NewsArticle,
  NewsArticleInput,
  NewsFilters,
  NewsListItem,
  NewsListResponse,
} from "../../schemas/news";
import { auditLog, changeHistory, listCounts, newsArticles, newsTags } from "../schema";
import { createdChanges, deletedChanges, isGuardFailure, nextStamp, type FieldChanges, type WriteOptions } from "./game-common";

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** Reads name the article table `a`, so the tag subquery below can point at the outer row. */
const a = alias(newsArticles, "a");

/** The article's tags in their stored order, as a JSON array text (one column, no query per row). */
const tagsOfA = sql<string | null>`(SELECT json_group_array(tag) FROM
    (SELECT tag FROM ${newsTags} WHERE article_id = "a"."id" ORDER BY position, tag))`;

const listColumns = {
  id: a.id,
  title: a.title,
  summary: a.summary,
  author: a.author,
  imageUrl: a.imageUrl,
  isPublished: a.isPublished,
  publishedAt: a.publishedAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  tags: tagsOfA,
};

/** A row as read: the tags are a JSON array text (`tagsOfA`). */
type ArticleRow = Omit<NewsListItem, "tags"> & { content?: string; tags?: string | null };

const parseTags = (text: string | null | undefined): string[] => {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
};

function toListItem(row: ArticleRow, tags: string[]): NewsListItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    author: row.author,
    imageUrl: row.imageUrl,
    tags,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toArticle(row: ArticleRow, tags: string[]): NewsArticle {
  const { id, title, summary, ...rest } = toListItem(row, tags);
  return { id, title, summary, content: row.content ?? "", ...rest };
}

export type NewsListOptions = {
  search?: string;
  tag?: string;
  author?: string;
  page: number;
  pageSize: number;
  /** Which articles: guests and users only ever get "published". */
  status: "all" | "published" | "draft";
};

/**
 * The statements of a news list (worker/db/kept.ts): the shape says which articles and filters
 * apply, the request's values (tag, author, search, page) are placeholders.
 */
const newsListReads = keptReads(
  (db, shape: { status: NewsListOptions["status"]; tag: boolean; author: boolean; search: boolean }) => {
    const filters: SQL[] = [];
    if (shape.status === "published") filters.push(eq(a.isPublished, true));
    if (shape.status === "draft") filters.push(eq(a.isPublished, false));
    if (shape.tag) {
      filters.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(newsTags)
            .where(and(eq(newsTags.articleId, a.id), sql`${newsTags.tag} = ${sql.placeholder("tag")} COLLATE NOCASE`)),
        ),
      );
    }
    if (shape.author) filters.push(sql`${a.author} = ${sql.placeholder("author")} COLLATE NOCASE`);
    if (shape.search) filters.push(sql`${a.id} IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ${sql.placeholder("match")})`);
    const where = filters.length ? and(...filters) : undefined;
    const order =
      shape.status === "published"
        ? [desc(a.publishedAt), desc(a.id)]
        : [desc(sql`COALESCE(${a.publishedAt}, ${a.createdAt})`), desc(a.id)];
    // Published articles without a filter: the total the triggers keep (one row, not every article).
    const kept = shape.status === "published" && !shape.tag && !shape.author && !shape.search;
    return {
      total: kept
        ? db.select({ total: listCounts.n }).from(listCounts).where(eq(listCounts.name, "news_published"))
        : db.select({ total: count() }).from(a).where(where),
      rows: db
        .select(listColumns)
        .from(a)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    };
  },
);

/**
 * One page of articles plus the total, in one batch. Published articles come newest first
 * (publishedAt desc, id desc); when drafts are included they sort by their creation time.
 */
export async function listNews(db: Database, options: NewsListOptions): Promise<NewsListResponse> {
  const match = options.search ? ftsQuery(options.search) : null;
  const reads = newsListReads(
    db,
    { status: options.status, tag: !!options.tag, author: !!options.author, search: match !== null },
    { tag: options.tag, author: options.author, match, limit: options.pageSize, offset: (options.page - 1) * options.pageSize },
  );
  const [totals, rows] = await db.batch([reads.total, reads.rows]);
  const totalCount = totals[0]?.total ?? 0;
  return {
    items: (rows as ArticleRow[]).map((row) => toListItem(row, parseTags(row.tags))),
    totalCount,
    page: options.page,
    pageSize: options.pageSize,
    totalPages: Math.ceil(totalCount / options.pageSize),
  };
}

/** The statements of one article (worker/db/kept.ts): with or without drafts; the id is a placeholder. */
const articleReads = keptReads((db, includeDrafts: boolean) => ({
  row: db
    .select({ ...listColumns, content: a.content })
    .from(a)
    .where(and(eq(a.id, sql.placeholder("id")), includeDrafts ? undefined : eq(a.isPublished, true))),
}));

/** One article with its tags (null when missing, or a draft and `includeDrafts` is false). */
export async function getNews(db: Database, id: number, includeDrafts: boolean): Promise<NewsArticle | null> {
  const rows = (await articleReads(db, includeDrafts, { id }).row) as ArticleRow[];
  const row = rows[0];
  return row ? toArticle(row, parseTags(row.tags)) : null;
}

/** The statements of the news filters (worker/db/kept.ts): one shape, no values. */
const newsFilterReads = keptReads((db, _shape: null) => {
  const firstTag = sql<string>`min(${newsTags.tag})`;
  const firstAuthor = sql<string>`min(${newsArticles.author})`;
  return {
    tags: db
      .select({ value: firstTag })
      .from(newsTags)
      .innerJoin(newsArticles, eq(newsArticles.id, newsTags.articleId))
      .where(eq(newsArticles.isPublished, true))
      .groupBy(sql`${newsTags.tag} COLLATE NOCASE`)
      .orderBy(sql`${firstTag} COLLATE NOCASE`, firstTag),
    authors: db
      .select({ value: firstAuthor })
      .from(newsArticles)
      .where(eq(newsArticles.isPublished, true))
      .groupBy(sql`${newsArticles.author} COLLATE NOCASE`)
      .orderBy(sql`${firstAuthor} COLLATE NOCASE`, firstAuthor),
  };
});

/** Distinct tags and authors of published articles, sorted case-insensitively, in one batch. */
export async function newsFilters(db: Database): Promise<NewsFilters> {
  const reads = newsFilterReads(db, null, {});
  const [tags, authors] = await db.batch([reads.tags, reads.authors]);
  return { tags: tags.map((r) => r.value), authors: authors.map((r) => r.value) };
}

/** Published articles for the sitemap and the feed, newest first. */
export async function publishedNewsIndex(db: Database, limit: number): Promise<NewsListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(a)
    .where(eq(a.isPublished, true))
    .orderBy(desc(a.publishedAt), desc(a.id))
    .limit(limit);
  return rows.map((row) => toListItem(row, parseTags(row.tags)));
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its tags, audit row and history row in one atomic batch)
// ---------------------------------------------------------------------------------------------

type Audit = { userId: number; details: Record<string, unknown> };

/** The fields a news change is made of (what the history keeps and a restore puts back). */
export const NEWS_FIELDS = ["title", "summary", "content", "author", "imageUrl", "tags", "isPublished"] as const;

/** Inside a write batch (one transaction) the article just inserted is the table's highest id. */
const newestArticleId = sql<number>`(SELECT max(${newsArticles.id}) FROM ${newsArticles})`;

/** Inserts the tags (positions in list order) of the article `articleId` names, if it exists. */
const insertTags = (db: Database, articleId: SQL | number, tags: string[]) =>
  db
    .insert(newsTags)
    .select(
      sql`SELECT ${newsArticles.id}, j.value, j.key FROM ${newsArticles}, json_each(${JSON.stringify(tags)}) j
           WHERE ${newsArticles.id} = ${articleId}`,
    );

/** An audit row about the article `articleId` names, written only if that article exists. */
const auditArticle = (
  db: Database,
  action: "create" | "update" | "delete",
  userId: number,
  articleId: SQL | number,
  details: SQL,
) =>
  db.insert(auditLog).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        userId: sql<number>`${userId}`.as("user_id"),
        action: sql<string>`${action}`.as("action"),
        entityType: sql<string>`'news'`.as("entity_type"),
        entityId: sql<string>`CAST(${newsArticles.id} AS TEXT)`.as("entity_id"),
        details: sql<string>`${details}`.as("details"),
        createdAt: sql<string>`${NOW}`.as("created_at"),
      })
      .from(newsArticles)
      .where(eq(newsArticles.id, articleId)),
  );

/**
 * The history row of a news write. `articleId` is an SQL expression for the id; when it is NULL
 * (the article changed or went away) the NOT NULL column aborts the whole batch.
 */
const historyOf = (
  db: Database,
  userId: number,
  action: "create" | "update" | "delete",
  articleId: SQL,
  changes: FieldChanges,
  options: WriteOptions,
) =>
  db.insert(changeHistory).values({
    entityType: "news",
    entityId: articleId,
    action: options.restoredFrom !== undefined ? "restore" : action,
    changes: JSON.stringify(changes),
    restoredFrom: options.restoredFrom ?? null,
    userId,
  });

/**
 * Creates an article, its tags, the audit row and the history row atomically, in one batch.
 * publishedAt is set when it is created published. `options.id` re-creates a deleted article
 * under its old id (a restore).
 */
export async function createNews(
  db: Database,
  input: NewsArticleInput,
  audit: Audit,
  options: WriteOptions = {},
): Promise<NewsArticle> {
  const articleId = options.id !== undefined ? sql<number>`${options.id}` : newestArticleId;
  const [inserted] = await db.batch([
    db
      .insert(newsArticles)
      .values({
        id: options.id,
        title: input.title,
        summary: input.summary,
        content: input.content,
        author: input.author,
        imageUrl: input.imageUrl,
        isPublished: input.isPublished,
        publishedAt: input.isPublished ? NOW : null,
        createdBy: audit.userId,
      })
      .returning(),
    insertTags(db, articleId, input.tags),
    auditArticle(db, "create", audit.userId, articleId, sql`${JSON.stringify(audit.details)}`),
    historyOf(db, audit.userId, "create", articleId, createdChanges(input, NEWS_FIELDS), options),
  ]);
  return toArticle(inserted[0]!, input.tags);
}

/** The fields PUT may change, compared with what is stored (used for the audit details). */
export function changedFields(before: NewsArticle, after: NewsArticleInput): Partial<NewsArticleInput> {
  const changes: Partial<NewsArticleInput> = {};
  if (before.title !== after.title) changes.title = after.title;
  if (before.summary !== after.summary) changes.summary = after.summary;
  if (before.content !== after.content) changes.content = after.content;
  if (before.author !== after.author) changes.author = after.author;
  if (before.imageUrl !== after.imageUrl) changes.imageUrl = after.imageUrl;
  if (before.tags.join("\u0000") !== after.tags.join("\u0000")) changes.tags = after.tags;
  if (before.isPublished !== after.isPublished) changes.isPublished = after.isPublished;
  return changes;
}

export type NewsUpdateResult =
  | { ok: true; article: NewsArticle }
  | { ok: false; kind: "not_found" }
  | { ok: false; kind: "stale"; current: NewsArticle };

/**
 * Replaces an article's fields and tags, bumps updatedAt, sets publishedAt on the first publish
 * (kept afterwards) and writes the audit and history rows, atomically. The write happens only
 * while the article still has `before.updatedAt` (else "stale": someone saved in between).
 */
export async function updateNews(
  db: Database,
  before: NewsArticle,
  input: NewsArticleInput,
  audit: Audit,
  options: WriteOptions = {},
): Promise<NewsUpdateResult> {
  const id = before.id;
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(changedFields(before, input))) {
    changes[key] = { old: before[key as keyof NewsArticleInput] ?? null, new: value ?? null };
  }
  const stamp = nextStamp(before.updatedAt);
  try {
    // The history row goes first: its guard (the version read) rolls everything back when stale.
    const [, updated] = await db.batch([
      historyOf(
        db,
        audit.userId,
        "update",
        sql`(SELECT id FROM news_articles WHERE id = ${id} AND updated_at = ${before.updatedAt})`,
        changes,
        options,
      ),
      db
        .update(newsArticles)
        .set({
          title: input.title,
          summary: input.summary,
          content: input.content,
          author: input.author,
          imageUrl: input.imageUrl,
          isPublished: input.isPublished,
          publishedAt: input.isPublished ? sql`COALESCE(${newsArticles.publishedAt}, ${NOW})` : sql`${newsArticles.publishedAt}`,
          updatedAt: stamp,
        })
        .where(eq(newsArticles.id, id))
        .returning(),
      db.delete(newsTags).where(eq(newsTags.articleId, id)),
      insertTags(db, id, input.tags),
      auditArticle(db, "update", audit.userId, id, sql`${JSON.stringify(audit.details)}`),
    ]);
    const row = updated[0];
    return row ? { ok: true, article: toArticle(row, input.tags) } : { ok: false, kind: "not_found" };
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const now = await getNews(db, id, true);
    return now ? { ok: false, kind: "stale", current: now } : { ok: false, kind: "not_found" };
  }
}

/** Deletes an article (its tags go with it), writing the audit and history rows; false when it did not exist. */
export async function deleteNews(db: Database, id: number, userId: number): Promise<boolean> {
  const before = await getNews(db, id, true);
  if (!before) return false;
  try {
    const [, , , deleted] = await db.batch([
      historyOf(db, userId, "delete", sql`(SELECT id FROM news_articles WHERE id = ${id})`, deletedChanges(before, NEWS_FIELDS), {}),
      auditArticle(
        db,
        "delete",
        userId,
        id,
        sql`json_object('title', ${newsArticles.title}, 'author', ${newsArticles.author},
          'isPublished', json(CASE ${newsArticles.isPublished} WHEN 1 THEN 'true' ELSE 'false' END))`,
      ),
      db.delete(newsTags).where(eq(newsTags.articleId, id)),
      db.delete(newsArticles).where(eq(newsArticles.id, id)).returning({ id: newsArticles.id }),
    ]);
    return deleted.length > 0;
  } catch (err) {
    if (isGuardFailure(err)) return false;
    throw err;
  }
}
