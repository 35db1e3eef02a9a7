/**
 * The news list's and the gallery's own searches (`?search=`) read the newest LIST_SEARCH_CAP
 * matches of their FTS index only (ADR 0040): a common word answers the matches among them in the
 * list's order with `capped: true`, reading a bounded number of rows; a rare word stays exact.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewsListResponse } from "../../shared/schemas/news";
import type { MediaListResponse } from "../../shared/schemas/media";
import { LIST_SEARCH_CAP } from "../../shared/search";
import { call } from "./helpers";

/** Far more matches than the window: a search that read them all would read more rows than this. */
const MANY = 1_000;
const rowsRead = (res: Response) => Number(res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1]);

async function get<T>(path: string): Promise<{ res: Response; body: T }> {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return { res, body: (await res.json()) as T };
}

describe("GET /api/news?search= (newest matches)", () => {
  const COMMON = "quillbrack";
  const RARE = "zandrovel";
  let newest: number[] = [];
  let draftIds: number[] = [];
  beforeAll(async () => {
    // MANY published articles with the word, one a minute (the newest last), every third tagged.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
       SELECT 'Cup ' || i, 's', 'A ${COMMON} report, round ' || i, 'Ann', 1, strftime('%Y-%m-%dT%H:%M:00.000Z', '2025-01-01', '+' || i || ' minutes') FROM n`,
    )
      .bind(MANY)
      .run();
    const { results } = await env.DB.prepare(`SELECT id FROM news_articles WHERE title LIKE 'Cup %' AND content LIKE '%${COMMON}%' ORDER BY id DESC`).all<{ id: number }>();
    await env.DB.prepare(
      `INSERT INTO news_tags (article_id, tag, position) SELECT id, 'Cupdays', 0 FROM news_articles WHERE content LIKE '%${COMMON}%' AND id % 3 = 0`,
    ).run();
    // The newest matches of all are drafts: a guest's window holds published matches only
    // (the index keeps each article's visibility, migration 0022), so they take no place in it.
    const drafts = await env.DB.batch(
      [1, 2, 3].map((i) => env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published) VALUES (?1, 's', 'The ${COMMON} draft', 'Ann', 0) RETURNING id`).bind(`Draft ${i}`)),
    );
    draftIds = drafts.map((d) => (d.results[0] as { id: number }).id);
    newest = results.map((r) => r.id).slice(0, LIST_SEARCH_CAP);
    for (const i of [1, 2]) {
      await env.DB.prepare(`INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES (?1, 's', 'c', 'Ann', 1, '2024-06-01T00:00:00.000Z')`)
        .bind(`The ${RARE} chronicle ${i}`)
        .run();
    }
  });

  it("answers a common word's matches among the newest LIST_SEARCH_CAP, newest first, capped, reading a bounded number of rows (200)", async () => {
    const { res, body } = await get<NewsListResponse>(`/api/news?search=${COMMON}&pageSize=100`);
    expect(rowsRead(res)).toBeLessThan(MANY);
    expect(rowsRead(res)).toBeLessThanOrEqual(10 * LIST_SEARCH_CAP);
    expect(body).toMatchObject({ totalCount: newest.length, totalPages: 1, capped: true });
    expect(body.items.map((a) => a.id)).toEqual(newest);
    expect(body.items.some((a) => draftIds.includes(a.id))).toBe(false);
  });

  it("pages inside the window: the total is what can be paged, a later page is empty (200)", async () => {
    const page1 = (await get<NewsListResponse>(`/api/news?search=${COMMON}`)).body;
    expect(page1).toMatchObject({ totalCount: newest.length, totalPages: Math.ceil(newest.length / 12), capped: true });
    const last = (await get<NewsListResponse>(`/api/news?search=${COMMON}&page=${page1.totalPages}`)).body;
    expect(last.items.map((a) => a.id)).toEqual(newest.slice((page1.totalPages - 1) * 12));
    expect((await get<NewsListResponse>(`/api/news?search=${COMMON}&page=${page1.totalPages + 1}`)).body.items).toEqual([]);
  });

  it("keeps prefix and case-insensitive matching, and combines with a tag (200)", async () => {
    const prefix = (await get<NewsListResponse>(`/api/news?search=${COMMON.slice(0, 6).toUpperCase()}&pageSize=100`)).body;
    expect(prefix).toMatchObject({ totalCount: newest.length, capped: true });
    const tagged = await get<NewsListResponse>(`/api/news?search=${COMMON}&tag=cupdays&pageSize=100`);
    expect(rowsRead(tagged.res)).toBeLessThanOrEqual(10 * LIST_SEARCH_CAP);
    const expected = newest.filter((id) => id % 3 === 0);
    expect(tagged.body).toMatchObject({ totalCount: expected.length, capped: true });
    expect(tagged.body.items.map((a) => a.id)).toEqual(expected);
  });

  it("keeps a rare word exact: every match, no cap (200)", async () => {
    const { body } = await get<NewsListResponse>(`/api/news?search=${RARE}`);
    expect(body.totalCount).toBe(2);
    expect(body.capped).toBeUndefined();
  });
});

describe("GET /api/media?search= (newest matches of media_fts)", () => {
  const COMMON = "brindlemoor";
  let newest: number[] = [];
  beforeAll(async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO media_items (title, description, media_type, is_approved, original_key, sort_order)
       SELECT 'Shot ' || i, 'A ${COMMON} view', CASE WHEN i % 2 = 0 THEN 'video' ELSE 'image' END, 1, 'media/ls/' || i || '.jpg', 0 FROM n`,
    )
      .bind(MANY)
      .run();
    const { results } = await env.DB.prepare(`SELECT id FROM media_items WHERE description = 'A ${COMMON} view' ORDER BY id DESC LIMIT ?1`)
      .bind(LIST_SEARCH_CAP)
      .all<{ id: number }>();
    newest = results.map((r) => r.id);
  });

  it("answers a common word's newest LIST_SEARCH_CAP matches in the gallery's order, capped, reading a bounded number of rows (200)", async () => {
    const { res, body } = await get<MediaListResponse>(`/api/media?search=${COMMON.toUpperCase()}&pageSize=100`);
    expect(rowsRead(res)).toBeLessThan(MANY);
    expect(rowsRead(res)).toBeLessThanOrEqual(10 * LIST_SEARCH_CAP);
    expect(body).toMatchObject({ totalCount: LIST_SEARCH_CAP, totalPages: 1, capped: true });
    // Same sort order and creation time: newest id first.
    expect(body.items.map((i) => i.id)).toEqual(newest);
  });

  it("finds by prefix and combines with a type filter (200)", async () => {
    const { body } = await get<MediaListResponse>(`/api/media?search=${COMMON.slice(0, 7)}&mediaType=video&pageSize=100`);
    const videos = newest.filter((_, i) => i % 2 === (newest[0]! % 2 === 0 ? 0 : 1));
    expect(body).toMatchObject({ capped: true });
    expect(body.items.every((i) => i.mediaType === "video")).toBe(true);
    expect(body.totalCount).toBe(body.items.length);
    expect(body.items.length).toBe(newest.length / 2);
    expect(videos.length).toBe(newest.length / 2);
  });

  it("keeps a rare word exact and needs no cap (200)", async () => {
    const { body } = await get<MediaListResponse>(`/api/media?search=${COMMON}zz`);
    expect(body).toMatchObject({ totalCount: 0, items: [] });
    expect(body.capped).toBeUndefined();
  });
});
