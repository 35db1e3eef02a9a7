import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewsArticle, NewsListResponse } from "../../shared/schemas/news";
import { call, userWithToken, setSettings } from "./helpers";

type Tokens = { user: string; moderator: string; admin: string };
const tokens: Tokens = { user: "", moderator: "", admin: "" };
let moderatorId = 0;
let adminId = 0;

beforeAll(async () => {
  // The outside image hosts these writes name are allowed (site settings, ADR 0048).
  await setSettings({ imageHosts: ["cdn.example.com"] });
  tokens.user = (await userWithToken(["User"])).token;
  const moderator = await userWithToken(["User", "Moderator"]);
  const admin = await userWithToken(["User", "Admin"]);
  tokens.moderator = moderator.token;
  tokens.admin = admin.token;
  moderatorId = moderator.id;
  adminId = admin.id;
});

const valid = {
  title: "Dragons return",
  summary: "The wyrms are back.",
  content: "Line one.\nLine two.",
  author: "Aria",
  imageUrl: "https://cdn.example.com/dragon.webp",
  tags: ["Lore", "Dragons"],
  isPublished: true,
};

const post = (json: unknown, token = tokens.moderator) => call("/api/news", { method: "POST", json, token });
const put = (id: number | string, json: unknown, token = tokens.moderator) =>
  call(`/api/news/${id}`, { method: "PUT", json, token });
const del = (id: number | string, token = tokens.moderator) => call(`/api/news/${id}`, { method: "DELETE", token });

async function created(json: unknown = valid, token = tokens.moderator): Promise<NewsArticle> {
  const res = await post(json, token);
  expect(res.status).toBe(201);
  return (await res.json()) as NewsArticle;
}

const auditRows = (entityId: number) =>
  env.DB.prepare(
    "SELECT user_id AS userId, action, entity_type AS entityType, entity_id AS entityId, details FROM audit_log WHERE entity_type = 'news' AND entity_id = ?1 ORDER BY id",
  )
    .bind(String(entityId))
    .all<{ userId: number; action: string; entityType: string; entityId: string; details: string }>()
    .then((r) => r.results);

describe("write routes by role", () => {
  it("POST /api/news answers 401 to guests and 403 to users, and writes nothing", async () => {
    const countArticles = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM news_articles").first<{ n: number }>())!.n;
    const before = await countArticles();
    const guest = await call("/api/news", { method: "POST", json: valid });
    expect(guest.status).toBe(401);
    const user = await post(valid, tokens.user);
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ code: "forbidden", message: "You need moderator privileges to do this." });
    expect(await countArticles()).toBe(before);
  });

  it("POST /api/news answers 201 to moderators and admins", async () => {
    expect((await post(valid, tokens.moderator)).status).toBe(201);
    expect((await post(valid, tokens.admin)).status).toBe(201);
  });

  it("PUT /api/news/{id} answers 401 to guests, 403 to users, 200 to moderators and admins", async () => {
    const article = await created();
    expect((await call(`/api/news/${article.id}`, { method: "PUT", json: valid })).status).toBe(401);
    expect((await put(article.id, valid, tokens.user)).status).toBe(403);
    expect((await put(article.id, { ...valid, title: "By moderator" }, tokens.moderator)).status).toBe(200);
    expect((await put(article.id, { ...valid, title: "By admin" }, tokens.admin)).status).toBe(200);
  });

  it("DELETE /api/news/{id} answers 401 to guests, 403 to users, 204 to moderators and admins", async () => {
    const one = await created();
    const two = await created();
    expect((await call(`/api/news/${one.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await del(one.id, tokens.user)).status).toBe(403);
    const byModerator = await del(one.id, tokens.moderator);
    expect(byModerator.status).toBe(204);
    expect(await byModerator.text()).toBe("");
    expect((await del(two.id, tokens.admin)).status).toBe(204);
  });

  it("checks the role before validating the body (a guest with a bad body gets 401)", async () => {
    expect((await call("/api/news", { method: "POST", json: {} })).status).toBe(401);
    expect((await post({}, tokens.user)).status).toBe(403);
  });
});

describe("POST /api/news", () => {
  it("answers the stored article with trimmed fields, normalised tags and publishedAt set", async () => {
    const res = await post({
      ...valid,
      title: "  Dragons return  ",
      tags: [" Lore ", "", "lore", "Dragons", "  ", "LORE"],
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as NewsArticle;
    expect(body).toEqual({
      id: expect.any(Number),
      title: "Dragons return",
      summary: valid.summary,
      content: valid.content,
      author: "Aria",
      imageUrl: valid.imageUrl,
      imageAlt: "",
      tags: ["Lore", "Dragons"],
      isPublished: true,
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.headers.get("Location")).toBe(`/api/news/${body.id}`);
    // A new article shows no 'Updated' date: the three times are the same instant.
    expect(body.updatedAt).toBe(body.createdAt);
    expect(body.publishedAt).toBe(body.createdAt);
  });

  it("accepts the form's comma-separated tag text, an empty image URL (stored as null) and /files/ paths", async () => {
    const a = await created({ ...valid, tags: " Patch, balance ,, Patch ", imageUrl: "" });
    expect(a.tags).toEqual(["Patch", "balance"]);
    expect(a.imageUrl).toBeNull();
    const b = await created({ ...valid, imageUrl: "/files/media/1/large.webp", tags: undefined });
    expect(b.imageUrl).toBe("/files/media/1/large.webp");
    expect(b.tags).toEqual([]);
    const c = await created({ ...valid, imageUrl: null, tags: null });
    expect(c.imageUrl).toBeNull();
  });

  it("keeps the image's alt text (trimmed) with an image, and drops it without one (201)", async () => {
    const withImage = await created({ ...valid, imageUrl: "/files/media/1/large.webp", imageAlt: "  Banners over the camp.  " });
    expect(withImage).toMatchObject({ imageUrl: "/files/media/1/large.webp", imageAlt: "Banners over the camp." });
    expect((await (await call(`/api/news/${withImage.id}`)).json()) as NewsArticle).toMatchObject({ imageAlt: "Banners over the camp." });
    const without = await created({ ...valid, imageUrl: "", imageAlt: "Nothing to describe." });
    expect(without).toMatchObject({ imageUrl: null, imageAlt: "" });
  });

  it("creates drafts without publishedAt, defaulting isPublished to false", async () => {
    const { isPublished: _omit, ...withoutFlag } = valid;
    const draft = await created(withoutFlag);
    expect(draft).toMatchObject({ isPublished: false, publishedAt: null });
    expect((await call(`/api/news/${draft.id}`)).status).toBe(404);
  });

  it("is visible to its author's next read at once (their reads skip the edge cache)", async () => {
    const token = tokens.moderator;
    const before = (await (await call("/api/news", { token })).json()) as NewsListResponse;
    const article = await created({ ...valid, title: "Fresh off the press" });
    const after = (await (await call("/api/news", { token })).json()) as NewsListResponse;
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.items[0]!.id).toBe(article.id);
    const search = (await (await call("/api/news?search=fresh", { token })).json()) as NewsListResponse;
    expect(search.items.map((i) => i.id)).toEqual([article.id]);
  });

  it("records an audit_log row with the user, action, entity and fields", async () => {
    const article = await created({ ...valid, content: "x".repeat(42) }, tokens.admin);
    const rows = await auditRows(article.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: adminId, action: "create", entityType: "news", entityId: String(article.id) });
    // The shared shape of a create (game-common.ts): the stored values, the content as its length.
    expect(JSON.parse(rows[0]!.details)).toEqual({
      after: {
        title: valid.title,
        summary: valid.summary,
        author: valid.author,
        imageUrl: valid.imageUrl,
        imageAlt: "",
        tags: valid.tags,
        isPublished: true,
        contentLength: 42,
      },
    });
  });
});

describe("validation (400 with a field error map)", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a missing title", { title: undefined }, "title", "Title is required."],
    ["a blank title", { title: "   " }, "title", "Title is required."],
    ["a title over 200 characters", { title: "t".repeat(201) }, "title", "Title must be at most 200 characters."],
    ["a missing summary", { summary: undefined }, "summary", "Summary is required."],
    ["a summary over 500 characters", { summary: "s".repeat(501) }, "summary", "Summary must be at most 500 characters."],
    ["a missing content", { content: "" }, "content", "Content is required."],
    ["a content over 50000 characters", { content: "c".repeat(50_001) }, "content", "Content must be at most 50000 characters."],
    ["a missing author", { author: undefined }, "author", "Author is required."],
    ["an author over 100 characters", { author: "a".repeat(101) }, "author", "Author must be at most 100 characters."],
    ["a title that is not text", { title: 42 }, "title", "Title is required."],
    ["a javascript: image URL", { imageUrl: "javascript:alert(1)" }, "imageUrl", "Image URL must be an http(s) URL or a path under /files/."],
    ["a relative image URL", { imageUrl: "images/x.png" }, "imageUrl", "Image URL must be an http(s) URL or a path under /files/."],
    ["an ftp image URL", { imageUrl: "ftp://example.com/x.png" }, "imageUrl", "Image URL must be an http(s) URL or a path under /files/."],
    ["a /files/ path escaping with ..", { imageUrl: "/files/../secret" }, "imageUrl", "Image URL must be an http(s) URL or a path under /files/."],
    ["an image URL over 2048 characters", { imageUrl: `https://x.com/${"a".repeat(2048)}` }, "imageUrl", "Image URL must be at most 2048 characters."],
    ["alt text over 500 characters", { imageAlt: "a".repeat(501) }, "imageAlt", "Alt text must be at most 500 characters."],
    ["alt text that is not text", { imageAlt: 5 }, "imageAlt", "Alt text must be text."],
    ["more than 10 tags", { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags", "An article can have at most 10 tags."],
    ["a tag over 50 characters", { tags: ["x".repeat(51)] }, "tags", "Each tag must be at most 50 characters."],
    ["tags that are not text", { tags: 7 }, "tags", "Tags must be a list of text."],
    ["isPublished that is not a boolean", { isPublished: "yes" }, "isPublished", "isPublished must be true or false."],
  ];

  it.each(cases)("refuses %s", async (_name, change, field, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; errors: Record<string, string[]> };
    expect(body.message).toBe("Validation failed.");
    expect(body.code).toBe("validation_failed");
    expect(body.errors[field]).toEqual([message]);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it("counts 10 tags after de-duplication as allowed", async () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), "T0", "t1 "];
    expect((await created({ ...valid, tags })).tags).toHaveLength(10);
  });

  it("lists every field error at once for an empty body", async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(["author", "content", "summary", "title"]);
  });

  it("answers 400 for malformed JSON and for a body that is not an object", async () => {
    const bad = await call("/api/news", {
      method: "POST",
      token: tokens.moderator,
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);
    expect((await post("text")).status).toBe(400);
  });

  it("refuses the same errors on PUT", async () => {
    const article = await created();
    const res = await put(article.id, { ...valid, title: "" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.title).toEqual(["Title is required."]);
  });
});

describe("PUT /api/news/{id}", () => {
  it("replaces the fields and tags, bumps updatedAt and refreshes the search index", async () => {
    const article = await created({ ...valid, title: "Original heading", tags: ["A", "B"] });
    await new Promise((r) => setTimeout(r, 5));
    const res = await put(article.id, { ...valid, title: "Renamed heading", tags: ["C"], imageUrl: "" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as NewsArticle;
    expect(body).toMatchObject({ id: article.id, title: "Renamed heading", tags: ["C"], imageUrl: null });
    expect(body.updatedAt > article.updatedAt).toBe(true);
    expect(body.createdAt).toBe(article.createdAt);
    expect(body.publishedAt).toBe(article.publishedAt);
    const found = async (q: string) =>
      ((await (await call(`/api/news?search=${q}`)).json()) as NewsListResponse).items.map((i) => i.id);
    expect(await found("renamed")).toContain(article.id);
    expect(await found("original")).not.toContain(article.id);
    const fetched = (await (await call(`/api/news/${article.id}`)).json()) as NewsArticle;
    expect(fetched.title).toBe("Renamed heading");
  });

  it("sets publishedAt on the first publish and keeps it when unpublished and republished", async () => {
    const draft = await created({ ...valid, isPublished: false });
    expect(draft.publishedAt).toBeNull();
    const published = (await (await put(draft.id, { ...valid, isPublished: true })).json()) as NewsArticle;
    expect(published.publishedAt).not.toBeNull();
    const unpublished = (await (await put(draft.id, { ...valid, isPublished: false })).json()) as NewsArticle;
    expect(unpublished).toMatchObject({ isPublished: false, publishedAt: published.publishedAt });
    expect((await call(`/api/news/${draft.id}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 5));
    const again = (await (await put(draft.id, { ...valid, isPublished: true })).json()) as NewsArticle;
    expect(again.publishedAt).toBe(published.publishedAt);
  });

  it("records the changed fields in audit_log, and a save without changes writes nothing", async () => {
    const article = await created();
    const res = await put(article.id, { ...valid, title: "New title", content: "abc", tags: ["Lore"] });
    expect(res.status).toBe(200);
    const rows = await auditRows(article.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update"]);
    expect(rows[1]!.userId).toBe(moderatorId);
    // The shared shape of an update: each changed field's old and new value (content as its length).
    expect(JSON.parse(rows[1]!.details)).toEqual({
      before: { title: valid.title, tags: valid.tags, contentLength: valid.content.length },
      after: { title: "New title", tags: ["Lore"], contentLength: 3 },
    });

    const updated = (await res.json()) as NewsArticle;
    const same = await put(article.id, { ...valid, title: "New title", content: "abc", tags: ["Lore"] });
    expect(same.status).toBe(200);
    expect(((await same.json()) as NewsArticle).updatedAt).toBe(updated.updatedAt);
    expect(await auditRows(article.id)).toHaveLength(2);
  });

  it("answers 404 for a missing article id", async () => {
    const res = await put("999999", valid);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Article not found." });
  });

  it.each(["abc", "0"])("answers 400 validation_failed for the malformed id %s", async (id) => {
    const res = await put(id, valid);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors?: Record<string, string[]> }).errors).toHaveProperty("id");
  });
});

describe("DELETE /api/news/{id}", () => {
  it("removes the article and its tags, records audit_log, then answers 404", async () => {
    const article = await created({ ...valid, tags: ["Gone"] });
    expect((await del(article.id, tokens.admin)).status).toBe(204);
    expect((await call(`/api/news/${article.id}`, { token: tokens.moderator })).status).toBe(404);
    const tags = await env.DB.prepare("SELECT count(*) AS n FROM news_tags WHERE article_id = ?1").bind(article.id).first<{ n: number }>();
    expect(tags!.n).toBe(0);
    const rows = await auditRows(article.id);
    expect(rows.map((r) => [r.action, r.userId])).toEqual([
      ["create", moderatorId],
      ["delete", adminId],
    ]);
    // The shared shape of a delete: the record as it was (content as its length).
    expect(JSON.parse(rows[1]!.details)).toMatchObject({
      before: { id: article.id, title: valid.title, author: valid.author, isPublished: true, contentLength: valid.content.length },
    });
    const again = await del(article.id);
    expect(again.status).toBe(404);
    expect(await auditRows(article.id)).toHaveLength(2);
  });

  it("answers 404 for a missing article id and 400 for a malformed one", async () => {
    expect((await del("999999")).status).toBe(404);
    expect((await del("abc")).status).toBe(400);
  });
});
