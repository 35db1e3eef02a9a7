/**
 * Totals and facet counts are kept by triggers in facet_counts (migrations 0014, 0015, 0018) so the
 * public news and media reads read one row per total or filter value instead of counting every
 * row: each kept number must equal the real count through inserts, publishing and approving,
 * changes of tag, author, category, faction and type, and deletes, through the API and straight in
 * SQL; a value nothing has any more has no row (so no filter offers it). The tag filter's ordered
 * index (published_news_tags) must hold exactly the published articles' tags.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaFilters } from "../../shared/schemas/media";
import type { NewsFilters } from "../../shared/schemas/news";
import { call, userWithToken } from "./helpers";
import { galleryKeysOf } from "./gallery-keys";

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

type MediaFacts = { id: number; category_id: number | null; faction_id: number | null; media_type: string; is_featured: number; sort_order: number; created_at: string };

const approvedMedia = () =>
  all<MediaFacts>("SELECT id, category_id, faction_id, media_type, is_featured, sort_order, created_at FROM media_items WHERE is_approved = 1");

/** The gallery's counts per filter combination, counted from the approved items. */
async function realMedia(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of await approvedMedia()) for (const key of galleryKeysOf(item)) counts[`media_gallery|${key}`] = (counts[`media_gallery|${key}`] ?? 0) + 1;
  return counts;
}

const NEWS_LISTS = ["news_published", "news_author", "news_tag", "news_tag_author"];
const MEDIA_LISTS = ["media_gallery"];

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

/** The kept gallery counts and media_gallery_entries (each approved item under each of its keys) match the items. */
async function expectMediaKept() {
  expect(await kept(MEDIA_LISTS)).toEqual(await realMedia());
  const entries = await all<{ id: number; facet: string; sort_order: number; created_at: string }>(
    "SELECT id, facet, sort_order, created_at FROM media_gallery_entries ORDER BY id, facet",
  );
  const expected = (await approvedMedia())
    .flatMap((item) => galleryKeysOf(item).map((facet) => ({ id: item.id, facet, sort_order: item.sort_order, created_at: item.created_at })))
    .sort((x, y) => x.id - y.id || (x.facet < y.facet ? -1 : x.facet > y.facet ? 1 : 0));
  expect(entries).toEqual(expected);
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
  await env.DB.prepare("INSERT OR IGNORE INTO facet_counts (list, value, n) VALUES ('news_published', '', 0)").run();
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
    expect(await total("?mediaType=video")).toBe((await realMedia())["media_gallery|::video:"]);
    expect(await total("")).toBe((await realMedia())["media_gallery|:::"]);

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

  it("GET /api/media answers 200 with the real total and page for every combination of category, faction, type and featured", async () => {
    const category = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Kept C', ?) RETURNING id").bind(`kept-c-${Date.now().toString(36)}`).first<{ id: number }>())!.id;
    const ids = [
      await insert(true, "image", category, factionId),
      await insert(true, "video", category, factionId),
      await insert(true, "image", category, null),
      await insert(true, "gif", null, factionId),
      await insert(false, "image", category, factionId),
    ];
    await env.DB.prepare("UPDATE media_items SET is_featured = 1 WHERE id IN (?, ?)").bind(ids[0], ids[3]).run();
    await env.DB.prepare("UPDATE media_items SET sort_order = 5 WHERE id = ?").bind(ids[2]).run();
    await expectMediaKept();

    /** Every combination of the filters, each compared with the same list counted and ordered straight from media_items. */
    const expectEveryCombination = async () => {
      for (const categoryId of [0, category])
        for (const faction of [0, factionId])
          for (const type of ["", "image", "video", "gif"])
            for (const featured of [false, true]) {
              const where = ["is_approved = 1"];
              if (categoryId) where.push(`category_id = ${categoryId}`);
              if (faction) where.push(`faction_id = ${faction}`);
              if (type) where.push(`media_type = '${type}'`);
              if (featured) where.push("is_featured = 1");
              const real = (await all<{ id: number }>(`SELECT id FROM media_items WHERE ${where.join(" AND ")} ORDER BY sort_order, created_at DESC, id DESC`)).map((r) => r.id);
              const query = new URLSearchParams({ pageSize: "100" });
              if (categoryId) query.set("categoryId", String(categoryId));
              if (faction) query.set("factionId", String(faction));
              if (type) query.set("mediaType", type);
              if (featured) query.set("featuredOnly", "true");
              const res = await call(`/api/media?${query}`);
              expect(res.status).toBe(200);
              const body = (await res.json()) as { totalCount: number; items: { id: number }[] };
              expect({ query: String(query), total: body.totalCount, ids: body.items.map((i) => i.id) }).toEqual({ query: String(query), total: real.length, ids: real.slice(0, 100) });
              if (real.length > 1) {
                query.set("pageSize", "1");
                query.set("page", "2");
                const second = (await (await call(`/api/media?${query}`)).json()) as { totalCount: number; items: { id: number }[] };
                expect(second.items.map((i) => i.id)).toEqual([real[1]]);
              }
            }
    };
    await expectEveryCombination();
    // The filter choices carry the same kept counts, per category, faction and type.
    const choices = (await (await call("/api/media/filters")).json()) as MediaFilters;
    const real = await realMedia();
    expect(choices.categories.find((f) => f.value === category)?.count).toBe(real[`media_gallery|${category}:::`]);
    expect(choices.factions.find((f) => f.value === factionId)?.count).toBe(real[`media_gallery|:${factionId}::`]);
    expect(choices.mediaTypes).toEqual(
      (["image", "video", "gif"] as const).filter((t) => real[`media_gallery|::${t}:`]).map((value) => ({ value, count: real[`media_gallery|::${value}:`] })),
    );

    // Through the API: feature one, unfeature another, move one to another faction and order.
    const put = (id: number, fields: Record<string, unknown>) =>
      call(`/api/media/${id}`, { method: "PUT", token: moderator, json: { title: "Kept", description: "D", mediaType: "image", categoryId: category, factionId, isApproved: true, ...fields } });
    expect((await put(ids[2]!, { isFeatured: true, factionId: null, sortOrder: 0 })).status).toBe(200);
    expect((await put(ids[0]!, { isFeatured: false, sortOrder: 7 })).status).toBe(200);
    expect((await put(ids[4]!, { isFeatured: true, mediaType: "gif" })).status).toBe(200);
    await expectMediaKept();
    await expectEveryCombination();

    // Straight in SQL: featured and order flipped, a faction removed from all, a delete.
    await env.DB.prepare("UPDATE media_items SET is_featured = 1 - is_featured, sort_order = sort_order + 1 WHERE id IN (?, ?, ?)").bind(ids[1], ids[3], ids[4]).run();
    await env.DB.prepare("UPDATE media_items SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(ids[1]).run();
    await expectMediaKept();
    await expectEveryCombination();
    await env.DB.prepare("UPDATE media_items SET faction_id = NULL WHERE faction_id = ?").bind(factionId).run();
    await env.DB.prepare("DELETE FROM media_items WHERE id = ?").bind(ids[0]).run();
    await expectMediaKept();
    await expectEveryCombination();
    await env.DB.prepare(`DELETE FROM media_items WHERE id IN (${ids.join(",")})`).run();
    await expectMediaKept();
    const filters = (await (await call("/api/media/filters")).json()) as MediaFilters;
    expect(filters.categories.map((f) => f.value)).not.toContain(category);
  });
});
