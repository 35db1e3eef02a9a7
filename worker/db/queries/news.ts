/**
 * News queries over D1 (raw prepared statements so every read is one batch = one round trip
 * and every write, its tags and its audit row go in one atomic batch).
 */
import { ftsQuery } from "../../lib/fts";
import type {
  NewsArticle,
  NewsArticleInput,
  NewsFilters,
  NewsListItem,
  NewsListResponse,
} from "../../schemas/news";

type ArticleRow = {
  id: number;
  title: string;
  summary: string;
  content?: string;
  author: string;
  imageUrl: string | null;
  isPublished: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string | null;
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const TAGS_OF_A = `(SELECT json_group_array(tag) FROM
    (SELECT tag FROM news_tags WHERE article_id = a.id ORDER BY position, tag)) AS tags`;

const COLUMNS = `a.id, a.title, a.summary, a.author, a.image_url AS imageUrl,
  a.is_published AS isPublished, a.published_at AS publishedAt,
  a.created_at AS createdAt, a.updated_at AS updatedAt, ${TAGS_OF_A}`;

const parseTags = (text: string | null): string[] => {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
};

function toListItem(row: ArticleRow): NewsListItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    author: row.author,
    imageUrl: row.imageUrl,
    tags: parseTags(row.tags),
    isPublished: row.isPublished === 1,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toArticle(row: ArticleRow): NewsArticle {
  const { id, title, summary, ...rest } = toListItem(row);
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
 * One page of articles plus the total, in one batch. Published articles come newest first
 * (publishedAt desc, id desc); when drafts are included they sort by their creation time.
 */
export async function listNews(d1: D1Database, options: NewsListOptions): Promise<NewsListResponse> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.status === "published") where.push("a.is_published = 1");
  if (options.status === "draft") where.push("a.is_published = 0");
  if (options.tag) {
    params.push(options.tag);
    where.push(
      `EXISTS (SELECT 1 FROM news_tags t WHERE t.article_id = a.id AND t.tag = ?${params.length} COLLATE NOCASE)`,
    );
  }
  if (options.author) {
    params.push(options.author);
    where.push(`a.author = ?${params.length} COLLATE NOCASE`);
  }
  const match = options.search ? ftsQuery(options.search) : null;
  if (match) {
    params.push(match);
    where.push(`a.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ?${params.length})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const order =
    options.status === "published"
      ? "a.published_at DESC, a.id DESC"
      : "COALESCE(a.published_at, a.created_at) DESC, a.id DESC";
  const limit = params.length + 1;
  const offset = params.length + 2;

  const [count, page] = await d1.batch<{ total: number } | ArticleRow>([
    d1.prepare(`SELECT count(*) AS total FROM news_articles a ${whereSql}`).bind(...params),
    d1
      .prepare(`SELECT ${COLUMNS} FROM news_articles a ${whereSql} ORDER BY ${order} LIMIT ?${limit} OFFSET ?${offset}`)
      .bind(...params, options.pageSize, (options.page - 1) * options.pageSize),
  ]);
  const totalCount = (count!.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    items: (page!.results as ArticleRow[]).map(toListItem),
    totalCount,
    page: options.page,
    pageSize: options.pageSize,
    totalPages: Math.ceil(totalCount / options.pageSize),
  };
}

/** One article with its tags (null when missing, or a draft and `includeDrafts` is false). */
export async function getNews(d1: D1Database, id: number, includeDrafts: boolean): Promise<NewsArticle | null> {
  const row = await d1
    .prepare(
      `SELECT ${COLUMNS}, a.content FROM news_articles a WHERE a.id = ?1 ${includeDrafts ? "" : "AND a.is_published = 1"}`,
    )
    .bind(id)
    .first<ArticleRow>();
  return row ? toArticle(row) : null;
}

/** Distinct tags and authors of published articles, sorted case-insensitively, in one batch. */
export async function newsFilters(d1: D1Database): Promise<NewsFilters> {
  const [tags, authors] = await d1.batch<{ value: string }>([
    d1.prepare(
      `SELECT min(t.tag) AS value FROM news_tags t JOIN news_articles a ON a.id = t.article_id
        WHERE a.is_published = 1 GROUP BY t.tag COLLATE NOCASE ORDER BY value COLLATE NOCASE, value`,
    ),
    d1.prepare(
      `SELECT min(author) AS value FROM news_articles WHERE is_published = 1
        GROUP BY author COLLATE NOCASE ORDER BY value COLLATE NOCASE, value`,
    ),
  ]);
  return { tags: tags!.results.map((r) => r.value), authors: authors!.results.map((r) => r.value) };
}

/** Published articles for the sitemap and the feed, newest first. */
export async function publishedNewsIndex(
  d1: D1Database,
  limit: number,
): Promise<NewsListItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${COLUMNS} FROM news_articles a WHERE a.is_published = 1
        ORDER BY a.published_at DESC, a.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<ArticleRow>();
  return results.map(toListItem);
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

type Audit = { userId: number; details: Record<string, unknown> };

/**
 * Creates an article, its tags and the audit row atomically, and reads it back, in one batch.
 * publishedAt is set when it is created published.
 */
export async function createNews(d1: D1Database, input: NewsArticleInput, audit: Audit): Promise<NewsArticle> {
  // Inside the batch (one transaction) the new row is the table's highest id.
  const newId = "(SELECT max(id) FROM news_articles)";
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO news_articles (title, summary, content, author, image_url, is_published, published_at, created_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, CASE WHEN ?6 = 1 THEN ${NOW} END, ?7)`,
      )
      .bind(input.title, input.summary, input.content, input.author, input.imageUrl, input.isPublished ? 1 : 0, audit.userId),
    d1
      .prepare(
        `INSERT INTO news_tags (article_id, tag, position)
         SELECT ${newId}, j.value, j.key FROM json_each(?1) j`,
      )
      .bind(JSON.stringify(input.tags)),
    d1
      .prepare(
        `INSERT INTO audit_log (user_id, action, entity_type, entity_id, details)
         VALUES (?1, 'create', 'news', CAST(${newId} AS TEXT), ?2)`,
      )
      .bind(audit.userId, JSON.stringify(audit.details)),
    d1.prepare(`SELECT ${COLUMNS}, a.content FROM news_articles a WHERE a.id = ${newId}`),
  ]);
  return toArticle((results[3]!.results as ArticleRow[])[0]!);
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

/**
 * Replaces an article's fields and tags, bumps updatedAt, sets publishedAt on the first publish
 * (kept afterwards) and writes the audit row, atomically; answers the stored article.
 */
export async function updateNews(
  d1: D1Database,
  id: number,
  input: NewsArticleInput,
  audit: Audit,
): Promise<NewsArticle | null> {
  const results = await d1.batch([
    d1
      .prepare(
        `UPDATE news_articles SET title = ?2, summary = ?3, content = ?4, author = ?5, image_url = ?6,
            is_published = ?7,
            published_at = COALESCE(published_at, CASE WHEN ?7 = 1 THEN ${NOW} END),
            updated_at = ${NOW}
          WHERE id = ?1`,
      )
      .bind(id, input.title, input.summary, input.content, input.author, input.imageUrl, input.isPublished ? 1 : 0),
    d1.prepare("DELETE FROM news_tags WHERE article_id = ?1").bind(id),
    d1
      .prepare(
        `INSERT INTO news_tags (article_id, tag, position)
         SELECT a.id, j.value, j.key FROM news_articles a, json_each(?1) j WHERE a.id = ?2`,
      )
      .bind(JSON.stringify(input.tags), id),
    d1
      .prepare(
        `INSERT INTO audit_log (user_id, action, entity_type, entity_id, details)
         SELECT ?1, 'update', 'news', CAST(id AS TEXT), ?2 FROM news_articles WHERE id = ?3`,
      )
      .bind(audit.userId, JSON.stringify(audit.details), id),
    d1.prepare(`SELECT ${COLUMNS}, a.content FROM news_articles a WHERE a.id = ?1`).bind(id),
  ]);
  const row = (results[4]!.results as ArticleRow[])[0];
  return row ? toArticle(row) : null;
}

/** Deletes an article (its tags go with it) and writes the audit row; false when it did not exist. */
export async function deleteNews(d1: D1Database, id: number, userId: number): Promise<boolean> {
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO audit_log (user_id, action, entity_type, entity_id, details)
         SELECT ?1, 'delete', 'news', CAST(id AS TEXT),
                json_object('title', title, 'author', author, 'isPublished', json(CASE is_published WHEN 1 THEN 'true' ELSE 'false' END))
           FROM news_articles WHERE id = ?2`,
      )
      .bind(userId, id),
    d1.prepare("DELETE FROM news_tags WHERE article_id = ?1").bind(id),
    d1.prepare("DELETE FROM news_articles WHERE id = ?1").bind(id),
  ]);
  return (results[2]!.meta.changes ?? 0) > 0;
}
