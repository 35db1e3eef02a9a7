/**
 * News queries. Every read is one batch (one D1 round trip); every write goes with its tags, its
 * audit row and its history row in one atomic batch, guarded by the version it read like the game
 * entities' writes (game-common.ts).
 */
import { and, asc, count, desc, eq, exists, gt, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { keptReads } from "../kept";
import { ftsQuery, visibleOnly } from "../fts";
import { LIST_SEARCH_CAP } from "../../../shared/search";
import { matchesPast, newestMatches } from "./fts-window";
import { keptTotal } from "./kept-total";
import type {
  NewsArticle,
  NewsArticleInput,
  NewsFilters,
  NewsListItem,
} from "../../../shared/schemas/news";
import { facetCounts, newsArticles, newsTags, publishedNewsTags } from "../schema";
import {
  changedFields,
  createdId,
  createRecords,
  deleteRecords,
  updateRecords,
  type Actor,
  type WriteOptions,
  type WriteResult,
} from "./game-common";
import { guarded, guardedDelete, isStale, nextStamp, sameStamp } from "./versioned";

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
  imageAlt: a.imageAlt,
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
    imageAlt: row.imageAlt,
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

/** One kept count (facet_counts, migration 0015): a list's total, or one value's count. */
const keptCount = (db: Database, list: string, value: SQLWrapper | string) =>
  keptTotal(db, and(eq(facetCounts.list, list), sql`${facetCounts.value} = ${value}`));

/**
 * The statements of a news list (worker/db/kept.ts): the shape says which articles and filters
 * apply, the request's values (tag, author, search, page) are placeholders.
 *
 * Published articles (what guests read) filtered by tag, author or both read kept rows only: the
 * total is one facet_counts row, a tag's page walks published_news_tags (the tag's own rows, or
 * the tag's and author's, in the list's order) and an author's page news_author_published_idx, so
 * a page reads about its offset plus its rows whatever the filter
 * (docs/decisions/0036-kept-counts-and-list-depth.md). A search reads the newest LIST_SEARCH_CAP
 * matches of news_fts only, and its total is capped there (ADR 0040). With drafts (moderators'
 * status all or draft) and no tag or author, the total is the kept per-state counts and the page
 * walks news_list_order_idx (drafts: news_state_order_idx) in the list's order (migration 0020).
 */
const newsListReads = keptReads(
  (db, shape: { status: NewsListOptions["status"]; tag: boolean; author: boolean; search: boolean }) => {
    const published = shape.status === "published";
    // A published tag list pages inside published_news_tags; the outer query then takes its ids as they are.
    const tagPaged = published && shape.tag && !shape.search;
    const filters: SQL[] = [];
    // With a tag, the unary + keeps the planner from walking every published article to test each
    // against the tag's ids: it looks up the ids instead (published_news_tags holds published ones only).
    if (published) filters.push(shape.tag ? sql`+${a.isPublished} = 1` : eq(a.isPublished, true));
    if (shape.status === "draft") filters.push(eq(a.isPublished, false));
    if (shape.tag && published && !shape.search) {
      const ids = db
        .select({ id: publishedNewsTags.articleId })
        .from(publishedNewsTags)
        .where(
          and(
            sql`${publishedNewsTags.tag} = ${sql.placeholder("tag")}`,
            shape.author ? sql`${publishedNewsTags.author} = ${sql.placeholder("author")}` : undefined,
          ),
        );
      filters.push(
        inArray(
          a.id,
          tagPaged
            ? ids
                .orderBy(desc(publishedNewsTags.publishedAt), desc(publishedNewsTags.articleId))
                .limit(sql.placeholder("limit"))
                .offset(sql.placeholder("offset"))
            : ids,
        ),
      );
    } else if (shape.tag) {
      // Also a search's: its matches drive, and each is tested for the tag by its id.
      filters.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(newsTags)
            .where(and(eq(newsTags.articleId, a.id), sql`${newsTags.tag} = ${sql.placeholder("tag")} COLLATE NOCASE`)),
        ),
      );
    }
    // A tag's page has its author in published_news_tags already.
    if (shape.author && !tagPaged) filters.push(sql`${a.author} = ${sql.placeholder("author")} COLLATE NOCASE`);
    const where = filters.length ? and(...filters) : undefined;
    const order = published
      ? [desc(a.publishedAt), desc(a.id)]
      : [desc(sql`COALESCE(${a.publishedAt}, ${a.createdAt})`), desc(a.id)];
    if (shape.search) {
      // The newest LIST_SEARCH_CAP matches drive (fts-window.ts): each article read by its id,
      // filtered, sorted in the list's order; the total counts them and says if more exist.
      const match = sql.placeholder("match");
      const matched = and(sql`${a.id} = m.match_id`, where);
      return {
        total: db
          .select({ n: count(), capped: matchesPast("news_fts", match, LIST_SEARCH_CAP) })
          .from(newestMatches("news_fts", match, LIST_SEARCH_CAP))
          .crossJoin(a)
          .where(matched),
        rows: db
          .select(listColumns)
          .from(newestMatches("news_fts", match, LIST_SEARCH_CAP))
          .crossJoin(a)
          .where(matched)
          .orderBy(...order)
          .limit(sql.placeholder("limit"))
          .offset(sql.placeholder("offset")),
      };
    }
    // With drafts (status all or draft) and no filter, the kept per-state counts answer (migration 0020).
    const kept = !published
      ? shape.tag || shape.author
        ? null
        : keptTotal(db, and(eq(facetCounts.list, "news_state"), shape.status === "draft" ? eq(facetCounts.value, "draft") : undefined))
      : shape.tag && shape.author
        ? keptCount(db, "news_tag_author", sql.placeholder("tagAuthor"))
        : shape.tag
        ? keptCount(db, "news_tag", sql.placeholder("tag"))
        : shape.author
          ? keptCount(db, "news_author", sql.placeholder("author"))
          : keptCount(db, "news_published", "");
    const rows = db.select(listColumns).from(a).where(where).orderBy(...order).limit(sql.placeholder("limit"));
    return {
      total: kept ?? db.select({ n: count() }).from(a).where(where),
      rows: tagPaged ? rows : rows.offset(sql.placeholder("offset")),
    };
  },
);

/**
 * One page of articles plus the total (and whether a search's total is capped), in one batch. Published articles come newest first
 * (publishedAt desc, id desc); when drafts are included they sort by their creation time.
 */
export async function listNews(db: Database, options: NewsListOptions): Promise<{ items: NewsListItem[]; totalCount: number; capped: boolean }> {
  const words = options.search ? ftsQuery(options.search) : null;
  // Published articles only: the index is asked for visible ones, so drafts never fill the window.
  const match = words && options.status === "published" ? visibleOnly(words) : words;
  const reads = newsListReads(
    db,
    { status: options.status, tag: !!options.tag, author: !!options.author, search: match !== null },
    // The tag-and-author count's value (facet_counts): tag, unit separator, author.
    { tag: options.tag, author: options.author, tagAuthor: `${options.tag}\u001f${options.author}`, match, limit: options.pageSize, offset: (options.page - 1) * options.pageSize },
  );
  const [totals, rows] = await db.batch([reads.total, reads.rows]);
  const total = totals[0] as { n: number; capped?: number } | undefined;
  const totalCount = total?.n ?? 0;
  return { items: (rows as ArticleRow[]).map((row) => toListItem(row, parseTags(row.tags))), totalCount, capped: !!total?.capped };
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

/**
 * The statements of the news filters (worker/db/kept.ts): one shape, no values. The kept counts
 * (facet_counts, migration 0015) hold one row per tag and author of published articles, in
 * case-insensitive order (the column's collation).
 */
const newsFilterReads = keptReads((db, _shape: null) => {
  const values = (list: string) =>
    db
      .select({ value: facetCounts.value })
      .from(facetCounts)
      .where(and(eq(facetCounts.list, list), gt(facetCounts.n, 0)))
      .orderBy(asc(facetCounts.value));
  return { tags: values("news_tag"), authors: values("news_author") };
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
// Writes: the guarded writes of the game entities (game-common.ts), with the article's tags
// ---------------------------------------------------------------------------------------------

/** The fields a news change is made of (what the history keeps and a restore puts back). */
export const NEWS_FIELDS = [
  "title", "summary", "content", "author", "imageUrl", "imageAlt", "tags", "isPublished",
] as const satisfies readonly (keyof NewsArticle & keyof NewsArticleInput)[];

const newsValues = (input: NewsArticleInput) => ({
  title: input.title,
  summary: input.summary,
  content: input.content,
  author: input.author,
  imageUrl: input.imageUrl,
  // Alt text describes an image: none without one.
  imageAlt: input.imageUrl ? input.imageAlt : "",
});

/** The audit log keeps an article's content as its length only (the history keeps the text). */
const forAudit = <T extends { content?: unknown }>(fields: T) => {
  const { content, ...rest } = fields;
  return typeof content === "string" ? { ...rest, contentLength: content.length } : rest;
};

/** Inserts the tags (positions in list order) of the article `articleId` names, if it exists. */
const insertTags = (db: Database, articleId: SQL | number, tags: string[]) =>
  db
    .insert(newsTags)
    .select(
      sql`SELECT ${newsArticles.id}, j.value, j.key FROM ${newsArticles}, json_each(${JSON.stringify(tags)}) j
           WHERE ${newsArticles.id} = ${articleId}`,
    );

/**
 * Creates an article with its tags, audit and history rows in one batch. publishedAt is set
 * when it is created published. `options.id` re-creates a deleted article under its old id (a
 * restore).
 */
export async function createNews(
  db: Database,
  input: NewsArticleInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<NewsArticle>> {
  const values = { ...newsValues(input), isPublished: input.isPublished };
  const stored = { ...input, ...values };
  const [inserted] = await db.batch([
    db
      .insert(newsArticles)
      .values({ ...values, id: options.id, publishedAt: input.isPublished ? NOW : null, createdBy: actor.userId })
      .returning(),
    insertTags(db, createdId(newsArticles, options), input.tags),
    ...createRecords(db, actor, {
      entityType: "news",
      table: newsArticles,
      values: forAudit({ ...values, tags: input.tags }),
      input: stored,
      fields: NEWS_FIELDS,
      options,
    }),
  ]);
  return { ok: true, value: toArticle(inserted[0]!, input.tags), changed: true };
}

/**
 * Replaces an article's fields and tags, bumps updatedAt, sets publishedAt on the first publish
 * (kept afterwards) and writes the audit and history rows, in one batch guarded by the version
 * read: 409 stale with the stored article when someone saved in between (or `input.updatedAt`
 * is not the stored one). A save without changes writes nothing.
 */
export async function updateNews(
  db: Database,
  id: number,
  input: NewsArticleInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<WriteResult<NewsArticle>> {
  const before = await getNews(db, id, true);
  if (!before) return { ok: false, kind: "not_found" };
  if (isStale(input.updatedAt, before.updatedAt)) return { ok: false, kind: "stale", current: before };
  const stored = { ...input, ...newsValues(input) };
  const diff = changedFields(before, stored, NEWS_FIELDS);
  if (!diff) return { ok: true, value: before, changed: false };
  const stamp = nextStamp(before.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(newsArticles)
          .set({
            ...newsValues(input),
            isPublished: input.isPublished,
            publishedAt: input.isPublished ? sql`COALESCE(${newsArticles.publishedAt}, ${NOW})` : sql`${newsArticles.publishedAt}`,
            updatedAt: stamp,
          })
          .where(sameStamp(newsArticles, id, before.updatedAt))
          .returning(),
        ...updateRecords(db, actor, {
          entityType: "news",
          table: newsArticles,
          id,
          stamp,
          diff,
          options,
          audit: { before: forAudit(diff.before), after: forAudit(diff.after) },
        }),
        db.delete(newsTags).where(eq(newsTags.articleId, id)),
        insertTags(db, id, input.tags),
      ]),
    () => getNews(db, id, true),
  );
  if (!written.ok) return written;
  const row = written.value[0][0];
  return row ? { ok: true, value: toArticle(row, input.tags), changed: true } : { ok: false, kind: "not_found" };
}

/** Deletes an article (its tags go with it) with its audit and history rows; false when it did not exist. */
export async function deleteNews(db: Database, id: number, actor: Actor): Promise<boolean> {
  const before = await getNews(db, id, true);
  if (!before) return false;
  return guardedDelete(() =>
    db.batch([
      ...deleteRecords(db, actor, {
        entityType: "news",
        table: newsArticles,
        id,
        before,
        fields: NEWS_FIELDS,
        auditBefore: forAudit(before),
      }),
      db.delete(newsTags).where(eq(newsTags.articleId, id)),
      db.delete(newsArticles).where(eq(newsArticles.id, id)),
    ]),
  );
}
