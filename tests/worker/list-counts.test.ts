/**
 * Totals and facet counts are kept by triggers in facet_counts (migrations 0014, 0015) so the
 * public news and media reads read one row per total or filter value instead of counting every
 * row: each kept number must equal the real count through inserts, publishing and approving,
 * changes of tag, author, category, faction and type, and deletes, through the API and straight in
 * SQL; a value nothing has any more has no row (so no filter offers it). The tag filter's ordered
 * index (published_news_tags) must hold exactly the published articles' tags.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaFilters } from "../../worker/schemas/media";
import type { NewsFilters } from "../../worker/schemas/news";
import { call, userWithToken } from "./helpers";

type Kept = { list: string; value: string; n: number };

const all = async <T>(query: string) => (await env.DB.prepare(query).all<T>()).results;

/** Every kept row of these lists, keyed `list|value` (values lower-cased: they compare case-insensitively). */
async function kept(lists: string[]): Promise<Record<string, number>> {
  const rows = await all<Kept>(`SELECT list, value, n FROM facet_counts WHERE list IN (${lists.map((l) => `'${l}'`).join(",")})`);
  return Object.fromEntries(rows.map((r) => [`${r.list}|${r.value.toLowerCase()}`, r.n]));
}

/** The same numbers counted from the tables. */
async function realNews(): Promise<Record<string, number>> {
  const rows = await all<Kept>(`
    SELECT 'news_published' AS list, '' AS value, count(*) AS n FROM news_articles WHERE is_published = 1 HAVING count(*) > 0
    UNION ALL SELECT 'news_author', lower(author), count(*) FROM news_articles WHERE is_published = 1 GROUP BY lower(author)
    UNION ALL SELECT 'news_tag', lower(t.tag), count(DISTINCT a.id) FROM news_tags t JOIN news_articles a ON a.id = t.article_id
      WHERE a.is_published = 1 GROUP BY lower(t.tag)
    UNION ALL SELECT 'news_tag_author', lower(t.tag) || char(31) || lower(a.author), count(DISTINCT a.id) FROM news_tags t
      JOIN news_articles a ON a.id = t.article_id WHERE a.is_published = 1 GROUP BY lower(t.tag), lower(a.author)`);
  return Object.fromEntries(rows.map((r) => [`${r.list}|${r.value}`, r.n]));
}

async function realMedia(): Promise<Record<string, number>> {
  const rows = await all<Kept>(`
    SELECT 'media_approved' AS list, '' AS value, count(*) AS n FROM media_items WHERE is_approved = 1 HAVING count(*) > 0
    UNION ALL SELECT 'media_category', CAST(category_id AS TEXT), count(*) FROM media_items WHERE is_approved = 1 AND category_id IS NOT NULL GROUP BY category_id
    UNION ALL SELECT 'media_faction', CAST(faction_id AS TEXT), count(*) FROM media_items WHERE is_approved = 1 AND faction_id IS NOT NULL GROUP BY faction_id
    UNION ALL SELECT 'media_type', media_type, count(*) FROM media_items WHERE is_approved = 1 GROUP BY media_type
    UNION ALL SELECT 'media_category_type', category_id || ':' || media_type, count(*) FROM media_items
      WHERE is_approved = 1 AND category_id IS NOT NULL GROUP BY category_id, media_type`);
  return Object.fromEntries(rows.map((r) => [`${r.list}|${r.value}`, r.n]));
}

const NEWS_LISTS = ["news_published", "news_author", "news_tag", "news_tag_author"];
const MEDIA_LISTS = ["media_approved", "media_category", "media_faction", "media_type", "media_category_type"];

/** The kept news counts, the ordered tag index and the list's totals all match the tables. */
async function expectNewsKept() {
  const real = await realNews();
  // The published total is kept even at 0; other values lose their row at 0.
  expect(await kept(NEWS_LISTS)).toEqual({ "news_published|": 0, ...real });
  const index = await all<{ tag: string; published_at: string; article_id: number; author: string }>(
    "SELECT lower(tag) AS tag, published_at, article_id, author FROM published_news_tags ORDER BY 1, 3",
  );
  const expected = await all<{ tag: string; published_at: string; article_id: number; author: string }>(
    `SELECT DISTINCT lower(t.tag) AS tag, coalesce(a.published_at, '') AS published_at, a.id AS article_id, a.author
       FROM news_tags t JOIN news_articles a ON a.id = t.article_id WHERE a.is_published = 1 ORDER BY 1, 3`,
  );
  expect(index).toEqual(expected);
  const list = (await (await call("/api/news")).json()) as { totalCount: number };
  expect(list.totalCount).toBe(real["news_published|"] ?? 0);
}

async function expectMediaKept() {
  expect(await kept(MEDIA_LISTS)).toEqual({ "media_approved|": 0, ...(await realMedia()) });
}

const article = (fields: { title?: string; author?: string; tags?: string[]; isPublished?: boolean }) => ({
  title: fields.title ?? "Counted",
  summary: "S",
  content: "C",
  author: fields.author ?? "Counter",
  tags: fields.tags ?? [],
  isPublished: fields.isPublished ?? true,
});

let moderator = "";
beforeAll(async () => {
  moderator = (await userWithToken(["Moderator"])).token;
  // The published total's row exists from the migration on; a test database may start empty.
  await env.DB.prepare("INSERT OR IGNORE INTO facet_counts (list, value, n) VALUES ('news_published', '', 0), ('media_approved', '', 0)").run();
});

describe("kept news counts", () => {
  it("GET /api/news answers 200 with the real totals after every kind of change through the API", async () => {
    await expectNewsKept();
    const ids: number[] = [];
    for (const fields of [
      { author: "Kept Author", tags: ["KeptTag", "other-kept"] },
      { author: "kept author", tags: ["keptTAG"] },
      { author: "Draft Author", tags: ["KeptTag"], isPublished: false },
    ]) {
      const res = await call("/api/news", { method: "POST", token: moderator, json: article(fields) });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    await expectNewsKept();
    // Tag and author totals are the kept rows, case-insensitively.
    const byTag = (await (await call("/api/news?tag=KEPTTAG")).json()) as { totalCount: number; items: { id: number }[] };
    expect(byTag.totalCount).toBe(2);
    expect(byTag.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    const byAuthor = (await (await call("/api/news?author=KEPT%20AUTHOR")).json()) as { totalCount: number };
    expect(byAuthor.totalCount).toBe(2);
    const both = (await (await call("/api/news?tag=other-KEPT&author=kept%20author")).json()) as { totalCount: number; items: { id: number }[] };
    expect(both.totalCount).toBe(1);
    expect(both.items.map((i) => i.id)).toEqual([ids[0]]);

    // Publish the draft, unpublish one, change tags and author, delete one.
    expect((await call(`/api/news/${ids[2]}`, { method: "PUT", token: moderator, json: article({ author: "Draft Author", tags: ["KeptTag"] }) })).status).toBe(200);
    await expectNewsKept();
    expect((await call(`/api/news/${ids[0]}`, { method: "PUT", token: moderator, json: article({ author: "Kept Author", tags: ["KeptTag"], isPublished: false }) })).status).toBe(200);
    await expectNewsKept();
    expect((await call(`/api/news/${ids[1]}`, { method: "PUT", token: moderator, json: article({ author: "Renamed", tags: ["fresh-tag"] }) })).status).toBe(200);
    await expectNewsKept();
    expect((await call(`/api/news/${ids[2]}`, { method: "DELETE", token: moderator })).status).toBe(204);
    await expectNewsKept();

    // A tag and an author no published article has any more are no filter choice.
    const filters = (await (await call("/api/news/filters")).json()) as NewsFilters;
    expect(filters.tags.map((t) => t.toLowerCase())).not.toContain("other-kept");
    expect(filters.authors.map((a) => a.toLowerCase())).not.toContain("draft author");
    expect(filters.tags).toContain("fresh-tag");
    for (const id of ids.slice(0, 2)) await call(`/api/news/${id}`, { method: "DELETE", token: moderator });
    await expectNewsKept();
  });

  it("the kept news counts hold through changes straight in SQL", async () => {
    const { meta } = await env.DB.prepare(
      "INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES ('SQL', 'S', 'C', 'Sql Author', 1, '2020-01-01T00:00:00.000Z')",
    ).run();
    const id = meta.last_row_id;
    await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?, 'sql-tag', 0), (?, 'SQL-TAG-2', 1)").bind(id, id).run();
    await expectNewsKept();
    await env.DB.prepare("UPDATE news_tags SET tag = 'sql-renamed' WHERE article_id = ? AND tag = 'sql-tag'").bind(id).run();
    await expectNewsKept();
    await env.DB.prepare("UPDATE news_articles SET published_at = '2021-01-01T00:00:00.000Z', author = 'Other Sql' WHERE id = ?").bind(id).run();
    await expectNewsKept();
    await env.DB.prepare("UPDATE news_articles SET is_published = 1 - is_published").run();
    await expectNewsKept();
    await env.DB.prepare("UPDATE news_articles SET is_published = 1 - is_published").run();
    await expectNewsKept();
    await env.DB.prepare("DELETE FROM news_tags WHERE article_id = ? AND tag = 'SQL-TAG-2'").bind(id).run();
    await expectNewsKept();
    // Deleting the article takes its tags with it (foreign key cascade).
    await env.DB.prepare("DELETE FROM news_articles WHERE id = ?").bind(id).run();
    await expectNewsKept();
  });

  it("keeps a published article's tags when they arrive before it, as a restore from an export inserts them (foreign keys deferred)", async () => {
    const id = 990_002;
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, 'restored-tag', 0), (?1, 'patch', 1)").bind(id),
      env.DB.prepare(
        "INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at) VALUES (?1, 'Restored', 'S', 'C', 'Restorer', 1, '2022-01-01T00:00:00.000Z')",
      ).bind(id),
    ]);
    await expectNewsKept();
    await env.DB.prepare("DELETE FROM news_articles WHERE id = ?").bind(id).run();
    await expectNewsKept();
  });
});

describe("kept media counts", () => {
  let categoryId = 0;
  let otherCategoryId = 0;
  let factionId = 0;

  beforeAll(async () => {
    const suffix = Date.now().toString(36);
    categoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Kept A', ?) RETURNING id").bind(`kept-a-${suffix}`).first<{ id: number }>())!.id;
    otherCategoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Kept B', ?) RETURNING id").bind(`kept-b-${suffix}`).first<{ id: number }>())!.id;
    factionId = (await env.DB.prepare("INSERT INTO factions (name, alignment) VALUES (?, 'Order') RETURNING id").bind(`Kept ${suffix}`).first<{ id: number }>())!.id;
  });

  const insert = async (approved: boolean, type = "image", category: number | null = categoryId, faction: number | null = factionId) =>
    (await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, category_id, faction_id, is_approved, original_url, thumbnail_status) VALUES ('Kept', ?, ?, ?, ?, 'https://example.com/v', 'ready') RETURNING id",
    ).bind(type, category, faction, approved ? 1 : 0).first<{ id: number }>())!.id;

  it("GET /api/media and /api/media/filters answer 200 with the real counts after every kind of change", async () => {
    await expectMediaKept();
    const a = await insert(true);
    const b = await insert(true, "video", otherCategoryId, null);
    const c = await insert(false);
    await expectMediaKept();

    const total = async (query: string) => ((await (await call(`/api/media${query}`)).json()) as { totalCount: number }).totalCount;
    expect(await total(`?categoryId=${categoryId}`)).toBe(1);
    expect(await total(`?factionId=${factionId}`)).toBe(1);
    expect(await total(`?categoryId=${otherCategoryId}&mediaType=video`)).toBe(1);
    expect(await total(`?categoryId=${otherCategoryId}&mediaType=image`)).toBe(0);
    expect(await total("?mediaType=video")).toBe((await realMedia())["media_type|video"]);
    expect(await total("")).toBe((await realMedia())["media_approved|"]);

    // Approve through the API (the whole item is sent), move it, change its type.
    const body = { title: "Kept", description: "D", mediaType: "gif", categoryId: otherCategoryId, factionId, isApproved: true };
    expect((await call(`/api/media/${c}`, { method: "PUT", token: moderator, json: body })).status).toBe(200);
    await expectMediaKept();
    expect((await call(`/api/media/${c}`, { method: "PUT", token: moderator, json: { ...body, isApproved: false } })).status).toBe(200);
    await expectMediaKept();

    // Straight in SQL: category, faction, type and approval changes, a category deleted (its items
    // lose it), deletes.
    await env.DB.prepare("UPDATE media_items SET faction_id = NULL, media_type = 'gif' WHERE id = ?").bind(a).run();
    await expectMediaKept();
    await env.DB.prepare("UPDATE media_items SET is_approved = 1 - is_approved WHERE id IN (?, ?, ?)").bind(a, b, c).run();
    await expectMediaKept();
    await env.DB.prepare("UPDATE media_items SET is_approved = 1, category_id = ? WHERE id IN (?, ?, ?)").bind(otherCategoryId, a, b, c).run();
    await expectMediaKept();
    await env.DB.prepare("DELETE FROM media_categories WHERE id = ?").bind(otherCategoryId).run();
    await expectMediaKept();
    const filters = (await (await call("/api/media/filters")).json()) as MediaFilters;
    expect(filters.categories.map((f) => f.value)).not.toContain(otherCategoryId);
    expect((await call(`/api/media/${b}`, { method: "DELETE", token: moderator })).status).toBe(204);
    await env.DB.prepare("DELETE FROM media_items WHERE id IN (?, ?)").bind(a, c).run();
    await expectMediaKept();
    // The faction has no approved item left: it is no filter choice.
    const after = (await (await call("/api/media/filters")).json()) as MediaFilters;
    expect(after.factions.map((f) => f.value)).not.toContain(factionId);
  });
});
