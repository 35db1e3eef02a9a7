import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewsArticle, NewsFilters, NewsListResponse } from "../../shared/schemas/news";
import { ftsQuery } from "../../worker/db/fts";
import { ID_MESSAGE } from "../../shared/schemas/query";
import { call, userWithToken } from "./helpers";

type Seed = {
  title: string;
  summary?: string;
  content?: string;
  author?: string;
  tags?: string[];
  published?: boolean;
  publishedAt?: string | null;
  imageUrl?: string | null;
};

/** Inserts an article with its tags straight into D1 (the FTS triggers index it). */
async function insertArticle(seed: Seed): Promise<number> {
  const published = seed.published ?? true;
  const row = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, image_url, is_published, published_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      seed.title,
      seed.summary ?? `${seed.title} summary`,
      seed.content ?? `${seed.title} content`,
      seed.author ?? "Aria",
      seed.imageUrl ?? null,
      published ? 1 : 0,
      seed.publishedAt !== undefined ? seed.publishedAt : published ? "2026-01-01T00:00:00.000Z" : null,
    )
    .first<{ id: number }>();
  const id = row!.id;
  const tags = seed.tags ?? [];
  if (tags.length) {
    await env.DB.batch(
      tags.map((tag, i) =>
        env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, ?2, ?3)").bind(id, tag, i),
      ),
    );
  }
  return id;
}

const ids: Record<string, number> = {};
let moderatorToken = "";
let adminToken = "";
let userToken = "";

beforeAll(async () => {
  ids.dragons = await insertArticle({
    title: "Dragons return to the Northern Realm",
    summary: "The great wyrms are back.",
    content: "Scouts report dragons over the mountains. Café owners are worried.",
    author: "Aria",
    tags: ["Lore", "Dragons"],
    publishedAt: "2026-03-01T10:00:00.000Z",
    imageUrl: "https://cdn.example.com/dragon.webp",
  });
  ids.patch = await insertArticle({
    title: "Patch 1.2 balance notes",
    summary: "Cavalry costs more.",
    content: "The knights were too strong. 騎士 changes included.",
    author: "Borin",
    tags: ["Patch", "Balance"],
    publishedAt: "2026-03-02T10:00:00.000Z",
  });
  ids.tournament = await insertArticle({
    title: "Spring tournament announced",
    summary: "Sign-ups open soon.",
    content: "Bring your best heroes.",
    author: "aria",
    tags: ["Events", "lore"],
    publishedAt: "2026-03-03T10:00:00.000Z",
  });
  ids.older = await insertArticle({
    title: "Older news",
    author: "Cyra",
    publishedAt: "2026-02-01T10:00:00.000Z",
  });
  ids.draft = await insertArticle({
    title: "Secret draft about dragons",
    author: "Drafty",
    tags: ["Hidden"],
    published: false,
  });
  moderatorToken = (await userWithToken(["User", "Moderator"])).token;
  adminToken = (await userWithToken(["User", "Admin"])).token;
  userToken = (await userWithToken(["User"])).token;
});

const list = async (query = "", token?: string) => {
  const res = await call(`/api/news${query}`, { token });
  return { res, body: (await res.json()) as NewsListResponse & { code?: string; message?: string; errors?: Record<string, string[]> } };
};

describe("GET /api/news", () => {
  it("answers 200 with published articles newest first and the page envelope", async () => {
    const { res, body } = await list();
    expect(res.status).toBe(200);
    expect(body.items.map((a) => a.id)).toEqual([ids.tournament, ids.patch, ids.dragons, ids.older]);
    expect(body).toMatchObject({ totalCount: 4, page: 1, pageSize: 12, totalPages: 1 });
  });

  it("list items carry every article field except content", async () => {
    const { body } = await list();
    const dragons = body.items.find((a) => a.id === ids.dragons)!;
    expect(dragons).toEqual({
      id: ids.dragons,
      title: "Dragons return to the Northern Realm",
      summary: "The great wyrms are back.",
      author: "Aria",
      imageUrl: "https://cdn.example.com/dragon.webp",
      imageAlt: "",
      tags: ["Lore", "Dragons"],
      isPublished: true,
      publishedAt: "2026-03-01T10:00:00.000Z",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(dragons).not.toHaveProperty("content");
  });

  it("never lists drafts to guests or users, even when they ask for status=all or draft", async () => {
    for (const token of [undefined, userToken]) {
      for (const q of ["", "?status=all", "?status=draft"]) {
        const { res, body } = await list(q, token);
        expect(res.status).toBe(200);
        expect(body.items.map((a) => a.id)).not.toContain(ids.draft);
        expect(body.totalCount).toBe(4);
      }
    }
  });

  it("lists drafts to moderators and admins with status=all or draft (default stays published)", async () => {
    expect((await list("", moderatorToken)).body.totalCount).toBe(4);
    const all = await list("?status=all", moderatorToken);
    expect(all.body.totalCount).toBe(5);
    expect(all.body.items.map((a) => a.id)).toContain(ids.draft);
    const drafts = await list("?status=draft", adminToken);
    expect(drafts.body.items.map((a) => a.id)).toEqual([ids.draft]);
    expect(drafts.body.items[0]).toMatchObject({ isPublished: false, publishedAt: null });
  });

  it("answers 400 for an unknown status value", async () => {
    const { res, body } = await list("?status=everything", moderatorToken);
    expect(res.status).toBe(400);
    expect(body.errors).toHaveProperty("status");
  });

  it("filters by tag, case-insensitively", async () => {
    const { body } = await list("?tag=lore");
    expect(body.items.map((a) => a.id)).toEqual([ids.tournament, ids.dragons]);
    expect((await list("?tag=Hidden")).body.totalCount).toBe(0);
  });

  it("filters by author, case-insensitively, and combines filters with AND", async () => {
    expect((await list("?author=Aria")).body.items.map((a) => a.id)).toEqual([ids.tournament, ids.dragons]);
    expect((await list("?author=Aria&tag=Dragons")).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list("?author=Borin&tag=Dragons")).body.totalCount).toBe(0);
  });

  it("searches title, summary and content case-insensitively, by word prefix and with all words", async () => {
    expect((await list("?search=DRAGONS")).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list("?search=wyrms")).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list("?search=knights")).body.items.map((a) => a.id)).toEqual([ids.patch]);
    expect((await list("?search=tourn")).body.items.map((a) => a.id)).toEqual([ids.tournament]);
    expect((await list("?search=balance%20cavalry")).body.items.map((a) => a.id)).toEqual([ids.patch]);
    expect((await list("?search=balance%20dragons")).body.totalCount).toBe(0);
  });

  it("searches English words by their stem: a plural or another ending finds the word (migration 0008)", async () => {
    // Not the last word (which also matches as a prefix): only stemming finds these.
    expect((await list("?search=reported%20dragon")).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list("?search=knight%20changes")).body.items.map((a) => a.id)).toEqual([ids.patch]);
  });

  it("searches unicode text, with diacritics folded", async () => {
    expect((await list(`?search=${encodeURIComponent("cafe")}`)).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list(`?search=${encodeURIComponent("騎士")}`)).body.items.map((a) => a.id)).toEqual([ids.patch]);
  });

  it("never lets FTS syntax in the search text cause an error", async () => {
    const inputs = ['"', '""', "AND OR", "NOT", "*", "title:", "title:dragons", "(", ")", "dragons)", "NEAR(a b)", "a OR", "^", "-", "'", "\\", "%", "🐉", "drag*", 'x" OR "y', "a".repeat(200)];
    for (const search of inputs) {
      const { res, body } = await list(`?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(Array.isArray(body.items), search).toBe(true);
    }
    // Operators are plain words: "title:dragons" finds the dragons article, "AND OR" finds nothing.
    expect((await list(`?search=${encodeURIComponent("title:dragons")}`)).body.items.map((a) => a.id)).toEqual([]);
    expect((await list(`?search=${encodeURIComponent("dragons)")}`)).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    expect((await list(`?search=${encodeURIComponent("AND OR")}`)).body.totalCount).toBe(0);
    // Control characters are refused like in every text field (400), never an error.
    expect((await list(`?search=${encodeURIComponent("\u0000")}`)).res.status).toBe(400);
  });

  it("treats a search with no words as no search", async () => {
    expect((await list(`?search=${encodeURIComponent("(*)")}`)).body.totalCount).toBe(4);
  });

  it("answers 400 for a search longer than 200 characters", async () => {
    const { res, body } = await list(`?search=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(body.errors).toHaveProperty("search");
  });

  it("pages with page and pageSize", async () => {
    const first = await list("?pageSize=3");
    expect(first.body).toMatchObject({ totalCount: 4, page: 1, pageSize: 3, totalPages: 2 });
    expect(first.body.items.map((a) => a.id)).toEqual([ids.tournament, ids.patch, ids.dragons]);
    const second = await list("?pageSize=3&page=2");
    expect(second.body.items.map((a) => a.id)).toEqual([ids.older]);
    const beyond = await list("?pageSize=3&page=9");
    expect(beyond.res.status).toBe(200);
    expect(beyond.body).toMatchObject({ items: [], totalCount: 4, page: 9 });
  });

  it("refuses pageSize above 100 (400 naming pageSize) instead of clamping it", async () => {
    const { res, body } = await list("?pageSize=101");
    expect(res.status).toBe(400);
    expect(body.errors).toEqual({ pageSize: ["Page size must be a whole number from 1 to 100."] });
  });

  it("treats empty page and pageSize as the defaults", async () => {
    const { res, body } = await list("?page=&pageSize=");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ page: 1, pageSize: 12 });
  });

  it.each(["page=0", "page=-1", "page=abc", "page=1.5", "pageSize=0", "pageSize=x", "page=1&page=2"])(
    "answers 400 with a field error for %s",
    async (q) => {
      const { res, body } = await list(`?${q}`);
      expect(res.status).toBe(400);
      expect(body.message).toBe("Validation failed.");
      expect(body.code).toBe("validation_failed");
      expect(Object.keys(body.errors ?? {})).toEqual([q.startsWith("pageSize") ? "pageSize" : "page"]);
    },
  );

  it("carries a public Cache-Control, Vary and an ETag for guests, and answers 304 on a match", async () => {
    const { res } = await list();
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(res.headers.get("Vary")).toContain("Authorization");
    const tag = res.headers.get("ETag");
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await call("/api/news", { headers: { "If-None-Match": tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(tag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=30, stale-while-revalidate=300");
    const other = await call("/api/news", { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("is private and never stored for moderators, private no-cache for users", async () => {
    expect((await list("", moderatorToken)).res.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await list("", userToken)).res.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});

describe("GET /api/news/filters", () => {
  it("answers the distinct tags and authors of published articles, sorted, drafts left out", async () => {
    const res = await call("/api/news/filters");
    expect(res.status).toBe(200);
    const body = (await res.json()) as NewsFilters;
    expect(body.tags).toEqual(["Balance", "Dragons", "Events", "Lore", "Patch"]);
    // "Aria" and "aria" are one author; the first spelling in binary order is kept.
    expect(body.authors).toEqual(["Aria", "Borin", "Cyra"]);
    expect(body.tags).not.toContain("Hidden");
    expect(body.authors).not.toContain("Drafty");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300, stale-while-revalidate=600");
    expect(res.headers.get("ETag")).toBeTruthy();
  });
});

describe("GET /api/news/{id}", () => {
  it("answers 200 with the whole article, content included", async () => {
    const res = await call(`/api/news/${ids.patch}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as NewsArticle;
    expect(body).toMatchObject({
      id: ids.patch,
      title: "Patch 1.2 balance notes",
      content: "The knights were too strong. 騎士 changes included.",
      tags: ["Patch", "Balance"],
      isPublished: true,
      imageUrl: null,
    });
    expect(res.headers.get("ETag")).toBeTruthy();
    const again = await call(`/api/news/${ids.patch}`, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("answers 404 for a draft to guests and users, 200 to moderators and admins", async () => {
    expect((await call(`/api/news/${ids.draft}`)).status).toBe(404);
    expect((await call(`/api/news/${ids.draft}`, { token: userToken })).status).toBe(404);
    const mod = await call(`/api/news/${ids.draft}`, { token: moderatorToken });
    expect(mod.status).toBe(200);
    expect(mod.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await call(`/api/news/${ids.draft}`, { token: adminToken })).status).toBe(200);
  });

  it("answers 404 JSON for an id no article has", async () => {
    const res = await call("/api/news/999999");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Article not found." });
  });

  it.each(["abc", "0", "-1", "1.5", "007", "99999999999999999999"])("answers 400 validation_failed naming the id for id %s", async (id) => {
    const res = await call(`/api/news/${id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "Validation failed.", errors: { id: [ID_MESSAGE] } });
  });
});

describe("ftsQuery", () => {
  it("quotes every word, joins them with AND, makes the last one a prefix and leaves out the visibility column", () => {
    expect(ftsQuery("dragons return")).toBe('-{visibility} : ("dragons" AND "return"*)');
    expect(ftsQuery('x" OR title:(y')).toBe('-{visibility} : ("x" AND "OR" AND "title" AND "y"*)');
    expect(ftsQuery("  (*) ")).toBeNull();
    expect(ftsQuery("Café")).toBe('-{visibility} : ("Café"*)');
  });
});
