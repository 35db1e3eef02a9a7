import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signedFileUrl } from "../../worker/lib/file-signature";
import type { MediaFilters, MediaItem, MediaListResponse } from "../../shared/schemas/media";
import { call, userWithToken, setSettings } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
let categoryId = 0;
let otherCategoryId = 0;
let factionId = 0;
let seq = 0;

beforeAll(async () => {
  // The outside image hosts these writes name are allowed (site settings, ADR 0048).
  await setSettings({ imageHosts: ["video.example.com"] });
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["User", "Moderator"])).token;
  tokens.admin = (await userWithToken(["User", "Admin"])).token;
  const cat = await env.DB.prepare(
    "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Screens', 'screens-main', '#EF4444', 1) RETURNING id",
  ).first<{ id: number }>();
  categoryId = cat!.id;
  const other = await env.DB.prepare(
    "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Maps', 'maps-main', '#10B981', 2) RETURNING id",
  ).first<{ id: number }>();
  otherCategoryId = other!.id;
  const faction = await env.DB.prepare(
    "INSERT INTO factions (name, alignment) VALUES ('Concord', 'Order') RETURNING id",
  ).first<{ id: number }>();
  factionId = faction!.id;
});

type ItemOptions = {
  title?: string;
  approved?: boolean;
  featured?: boolean;
  type?: "image" | "video" | "gif";
  category?: number | null;
  faction?: number | null;
  withFiles?: boolean;
  sortOrder?: number;
  thumbnailStatus?: "pending" | "ready" | "failed";
};

/** Inserts a media item (and, by default, its five R2 objects under a unique folder). */
async function item(options: ItemOptions = {}) {
  const n = ++seq;
  const folder = `media/t${n}-${Date.now().toString(36)}`;
  const keys = {
    original: `${folder}/original.jpg`,
    large: `${folder}/large.jpg`,
    largeWebp: `${folder}/large.webp`,
    thumb: `${folder}/thumb.jpg`,
    thumbWebp: `${folder}/thumb.webp`,
  };
  const withFiles = options.withFiles ?? true;
  if (withFiles) {
    await Promise.all(Object.values(keys).map((k) => env.MEDIA.put(k, new Uint8Array([1, 2, 3]))));
  }
  const row = await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, category_id, faction_id, is_approved, is_featured,
       original_key, large_key, large_webp_key, thumbnail_key, thumbnail_webp_key, thumbnail_status, width, height, sort_order, tags)
     VALUES (?1, 'About ' || ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 1600, 900, ?13, 'alpha,beta') RETURNING id`,
  )
    .bind(
      options.title ?? `Item ${n}`,
      options.type ?? "image",
      options.category === undefined ? categoryId : options.category,
      options.faction === undefined ? factionId : options.faction,
      options.approved === false ? 0 : 1,
      options.featured ? 1 : 0,
      keys.original,
      withFiles ? keys.large : null,
      withFiles ? keys.largeWebp : null,
      withFiles ? keys.thumb : null,
      withFiles ? keys.thumbWebp : null,
      options.thumbnailStatus ?? "ready",
      options.sortOrder ?? 0,
    )
    .first<{ id: number }>();
  return { id: row!.id, keys };
}

const list = async (query: string, token?: string) => {
  const res = await call(`/api/media${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as MediaListResponse;
};

const validBody = () => ({
  title: "Harbour at dawn",
  description: "Ships waiting in the bay.",
  mediaType: "image",
  categoryId,
  factionId,
  tags: " sea , ships ,, dawn ",
  altText: "Ships in a harbour",
  caption: "Morning",
  originalUrl: "https://video.example.com/watch/1",
});

describe("GET /api/media", () => {
  it("answers guests and users with approved items only, even when they ask for all (200)", async () => {
    const pending = await item({ approved: false, title: "Secret pending" });
    for (const token of [undefined, tokens.user]) {
      const body = await list("?approvedOnly=false&pageSize=100", token);
      expect(body.items.every((i) => i.isApproved)).toBe(true);
      expect(body.items.some((i) => i.id === pending.id)).toBe(false);
    }
  });

  it("answers moderators with all items unless they ask for approved only (200)", async () => {
    const pending = await item({ approved: false });
    const all = await list("?approvedOnly=false&pageSize=100", tokens.moderator);
    expect(all.items.some((i) => i.id === pending.id)).toBe(true);
    const approved = await list("?approvedOnly=true&pageSize=100", tokens.admin);
    expect(approved.items.some((i) => i.id === pending.id)).toBe(false);
  });

  it("carries every field of a media item with URLs built from the stored keys (200)", async () => {
    const { id, keys } = await item({ title: "Field check", featured: true });
    const body = await list("?pageSize=100");
    const found = body.items.find((i) => i.id === id)!;
    expect(found).toMatchObject({
      title: "Field check",
      description: "About Field check",
      mediaType: "image",
      tags: "alpha,beta",
      categoryId,
      category: { name: "Screens", color: "#EF4444" },
      factionId,
      faction: { name: "Concord" },
      isApproved: true,
      isFeatured: true,
      originalUrl: `/files/${keys.original}`,
      largeUrl: `/files/${keys.large}`,
      largeWebpUrl: `/files/${keys.largeWebp}`,
      thumbnailUrl: `/files/${keys.thumb}`,
      thumbnailWebpUrl: `/files/${keys.thumbWebp}`,
      posterUrl: null,
      width: 1600,
      height: 900,
      thumbnailStatus: "ready",
      thumbnailError: null,
    });
    expect(Object.keys(found)).not.toContain("originalKey");
    // Who uploaded it and why it was rejected are for moderators (tests/worker/moderation.test.ts).
    expect(found).toMatchObject({ status: "approved", rejectionReason: null, uploadedBy: null });
  });

  it("filters by category, faction, type, featured and search (200)", async () => {
    const map = await item({ category: otherCategoryId, title: "Only map zebra" });
    const video = await item({ type: "video", faction: null, title: "Clip zebra" });
    const featured = await item({ featured: true, title: "Star" });

    const byCategory = await list(`?categoryId=${otherCategoryId}&pageSize=100`);
    expect(byCategory.items.map((i) => i.id)).toContain(map.id);
    expect(byCategory.items.every((i) => i.categoryId === otherCategoryId)).toBe(true);

    const byFaction = await list(`?factionId=${factionId}&pageSize=100`);
    expect(byFaction.items.some((i) => i.id === video.id)).toBe(false);

    const videos = await list("?mediaType=video&pageSize=100");
    expect(videos.items.map((i) => i.id)).toContain(video.id);
    expect(videos.items.every((i) => i.mediaType === "video")).toBe(true);

    const feat = await list("?featuredOnly=true&pageSize=100");
    expect(feat.items.map((i) => i.id)).toContain(featured.id);
    expect(feat.items.every((i) => i.isFeatured)).toBe(true);

    const search = await list("?search=zebra&pageSize=100");
    expect(search.items.map((i) => i.id).sort()).toEqual([map.id, video.id].sort());
    // The search is by word (media_fts, as news): case and a word's prefix do not matter, FTS
    // syntax in the text is text, and a text with no words is no search.
    expect((await list("?search=ZEB&pageSize=100")).items.map((i) => i.id).sort()).toEqual([map.id, video.id].sort());
    expect((await list(`?search=${encodeURIComponent('zebra" OR "star')}&pageSize=100`)).items).toEqual([]);
    expect((await list("?search=%25&pageSize=1")).totalCount).toBe((await list("?pageSize=1")).totalCount);
    // Category 0 means "none chosen".
    expect((await list("?categoryId=0&pageSize=1")).totalCount).toBeGreaterThan(1);
  });

  it("pages without skipping or repeating items; page size defaults to 20, more than 100 is a 400 (200)", async () => {
    for (let i = 0; i < 5; i++) await item({ sortOrder: 500 });
    const all = await list("?pageSize=100");
    expect(all.pageSize).toBe(100);
    expect((await list("")).pageSize).toBe(20);
    expect((await call("/api/media?pageSize=101")).status).toBe(400);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.totalCount / 3); page++) {
      const body = await list(`?pageSize=3&page=${page}`);
      expect(body.totalPages).toBe(Math.ceil(all.totalCount / 3));
      seen.push(...body.items.map((i) => i.id));
    }
    expect(seen).toEqual(all.items.map((i) => i.id));
  });

  it("answers 400 with field errors for bad query values", async () => {
    for (const query of ["?page=0", "?pageSize=abc", "?mediaType=audio", "?approvedOnly=yes", "?categoryId=x"]) {
      const res = await call(`/api/media${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
  });

  it("gives guests a 1-minute public cache with an ETag, and 304 on a match", async () => {
    const res = await call("/api/media");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const tag = res.headers.get("ETag")!;
    expect(tag).toBeTruthy();
    await res.arrayBuffer();
    const again = await call("/api/media", { headers: { "If-None-Match": tag } });
    expect(again.status).toBe(304);
    const mod = await call("/api/media", { token: tokens.moderator });
    expect(mod.headers.get("Cache-Control")).toBe("private, no-store");
    await mod.arrayBuffer();
  });
});

describe("GET /api/media/filters", () => {
  it("lists categories and factions that have approved media, with approved counts, and the types (200)", async () => {
    const empty = await env.DB.prepare(
      "INSERT INTO media_categories (name, slug) VALUES ('Pending only', ?1) RETURNING id",
    )
      .bind(`pending-only-${Date.now().toString(36)}-${++seq}`)
      .first<{ id: number }>();
    await item({ approved: false, category: empty!.id });
    await item({ type: "image" });
    await item({ type: "video" });
    await item({ type: "gif", approved: false });
    const res = await call("/api/media/filters");
    expect(res.status).toBe(200);
    const body = (await res.json()) as MediaFilters;
    expect(body.categories.some((c) => c.value === empty!.id)).toBe(false);
    const screens = body.categories.find((c) => c.value === categoryId)!;
    const approvedInScreens = await env.DB.prepare(
      "SELECT count(*) AS n FROM media_items WHERE category_id = ?1 AND is_approved = 1",
    )
      .bind(categoryId)
      .first<{ n: number }>();
    expect(screens).toEqual({ value: categoryId, label: "Screens", slug: "screens-main", color: "#EF4444", count: approvedInScreens!.n });
    expect(body.factions.find((f) => f.value === factionId)?.label).toBe("Concord");
    // Only types that approved items have, in the spec's order.
    expect(body.mediaTypes.map((t) => t.value)).toEqual(["image", "video"]);
  });
});

describe("GET /api/media/{id}", () => {
  it("answers 200 for an approved item to anyone", async () => {
    const { id } = await item();
    const res = await call(`/api/media/${id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as MediaItem).id).toBe(id);
  });

  it("answers 404 to guests and users for an unapproved item, 200 with signed URLs to moderators", async () => {
    const { id, keys } = await item({ approved: false });
    expect((await call(`/api/media/${id}`)).status).toBe(404);
    expect((await call(`/api/media/${id}`, { token: tokens.user })).status).toBe(404);
    const res = await call(`/api/media/${id}`, { token: tokens.moderator });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MediaItem;
    expect(body.thumbnailUrl).toMatch(new RegExp(`^/files/${keys.thumb}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
  });

  it("answers 404 for a missing id and 400 for malformed ones", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const res = await call(`/api/media/${id}`);
      expect(res.status, id).toBe(id === "999999" ? 404 : 400);
      expect(((await res.json()) as { code: string }).code).toBe(id === "999999" ? "not_found" : "validation_failed");
    }
  });
});

describe("/files/* for unapproved media", () => {
  it("answers 404 to a direct request for an unapproved item's files, 200 for an approved one's (kept 5 minutes, then revalidated)", async () => {
    const pending = await item({ approved: false });
    const approved = await item();
    for (const key of Object.values(pending.keys)) {
      const res = await call(`/files/${key}`);
      expect(res.status, key).toBe(404);
      await res.arrayBuffer();
    }
    const ok = await call(`/files/${approved.keys.thumbWebp}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    await ok.arrayBuffer();
  });

  it("serves a private file with a valid signature (200, private cache) but not with an altered or expired one (404)", async () => {
    const { keys } = await item({ approved: false });
    const url = await signedFileUrl(env, keys.thumb);
    const ok = await call(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    const altered = url.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === "0" ? "1" : "0"}`);
    expect((await call(altered)).status).toBe(404);
    // A signature for another key does not open this one.
    const other = await signedFileUrl(env, keys.large);
    expect((await call(`/files/${keys.thumb}${other.slice(other.indexOf("?"))}`)).status).toBe(404);
    // Signed two hours ago: expired.
    const expired = await signedFileUrl(env, keys.thumb, Date.now() - 3 * 3600_000);
    expect((await call(expired)).status).toBe(404);
  });

  it("a signed URL from the admin list opens the file once it is approved too", async () => {
    const { id, keys } = await item({ approved: false });
    const res = await call(`/api/media/${id}`, { token: tokens.moderator });
    const body = (await res.json()) as MediaItem;
    const file = await call(body.largeWebpUrl!);
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    await env.DB.prepare("UPDATE media_items SET is_approved = 1 WHERE id = ?1").bind(id).run();
    const plain = await call(`/files/${keys.largeWebp}`);
    expect(plain.status).toBe(200);
    await plain.arrayBuffer();
  });
});

describe("POST /api/media", () => {
  it("answers 401 to guests and 403 to users", async () => {
    expect((await call("/api/media", { method: "POST", json: validBody() })).status).toBe(401);
    expect((await call("/api/media", { method: "POST", json: validBody(), token: tokens.user })).status).toBe(403);
  });

  it("creates a pending, unfeatured item for moderators and admins whatever the body says (201)", async () => {
    for (const token of [tokens.moderator, tokens.admin]) {
      const res = await call("/api/media", { method: "POST", token, json: { ...validBody(), isApproved: true, isFeatured: true } });
      expect(res.status).toBe(201);
      const body = (await res.json()) as MediaItem;
      expect(body).toMatchObject({
        isApproved: false,
        isFeatured: false,
        tags: "sea,ships,dawn",
        originalUrl: "https://video.example.com/watch/1",
        viewCount: 0,
        category: { name: "Screens" },
      });
      expect(res.headers.get("Location")).toBe(`/api/media/${body.id}`);
      const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE entity_type = 'media' AND entity_id = ?1")
        .bind(String(body.id))
        .first<{ action: string }>();
      expect(audit?.action).toBe("create");
    }
  });

  it("takes an uploaded file under /files/media/ with its real size, and queues its thumbnails (201)", async () => {
    await env.MEDIA.put("media/upload-x/original.jpg", new Uint8Array(1234), { httpMetadata: { contentType: "image/jpeg" } });
    const res = await call("/api/media", {
      method: "POST",
      token: tokens.moderator,
      json: { ...validBody(), originalUrl: "/files/media/upload-x/original.jpg", fileSize: 1 },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as MediaItem;
    expect(body.fileSize).toBe(1234);
    expect(body.originalUrl).toMatch(/^\/files\/media\/upload-x\/original\.jpg\?exp=/);
    expect(body.thumbnailStatus).toBe("pending");
  });

  it("answers 400 with field errors for missing fields, bad enums, unknown category or faction and missing files", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validBody(), title: " " }, "title"],
      [{ ...validBody(), description: "" }, "description"],
      [{ ...validBody(), mediaType: "audio" }, "mediaType"],
      [{ ...validBody(), title: "x".repeat(201) }, "title"],
      [{ ...validBody(), categoryId: 987654 }, "categoryId"],
      [{ ...validBody(), factionId: 987654 }, "factionId"],
      [{ ...validBody(), originalUrl: "javascript:alert(1)" }, "originalUrl"],
      [{ ...validBody(), originalUrl: "/files/media/not-there/original.jpg" }, "originalUrl"],
      [{ ...validBody(), originalUrl: "/files/avatars/someone.png" }, "originalUrl"],
    ];
    for (const [json, field] of cases) {
      const res = await call("/api/media", { method: "POST", token: tokens.moderator, json });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe("validation_failed");
      expect(Object.keys(body.errors), field).toContain(field);
    }
  });

  it("falls back to category 1 when the form sends 0 and stores faction 0 as none", async () => {
    const first = await env.DB.prepare("SELECT id FROM media_categories ORDER BY id LIMIT 1").first<{ id: number }>();
    expect(first!.id).toBe(1);
    const res = await call("/api/media", { method: "POST", token: tokens.moderator, json: { ...validBody(), categoryId: 0, factionId: 0 } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ categoryId: 1, factionId: null, faction: null });
  });
});

describe("PUT /api/media/{id}", () => {
  const whole = async (id: number) => (await (await call(`/api/media/${id}`, { token: tokens.moderator })).json()) as MediaItem;

  it("answers 401 to guests and 403 to users", async () => {
    const { id } = await item();
    const body = await whole(id);
    expect((await call(`/api/media/${id}`, { method: "PUT", json: body })).status).toBe(401);
    expect((await call(`/api/media/${id}`, { method: "PUT", json: body, token: tokens.user })).status).toBe(403);
  });

  it("approves and features with the whole item (200) and the item then shows to guests", async () => {
    const { id } = await item({ approved: false });
    const body = await whole(id);
    const approved = await call(`/api/media/${id}`, { method: "PUT", token: tokens.moderator, json: { ...body, isApproved: true } });
    expect(approved.status).toBe(200);
    const saved = (await approved.json()) as MediaItem;
    expect(saved).toMatchObject({ isApproved: true, isFeatured: false });
    expect((await call(`/api/media/${id}`)).status).toBe(200);
    // The next write is based on the version the first one answered (versioned writes).
    const featured = await call(`/api/media/${id}`, { method: "PUT", token: tokens.admin, json: { ...saved, isFeatured: true, title: "Renamed" } });
    expect(await featured.json()).toMatchObject({ isApproved: true, isFeatured: true, title: "Renamed" });
  });

  it("ignores server-owned fields such as viewCount and URLs", async () => {
    const { id, keys } = await item();
    const body = await whole(id);
    const res = await call(`/api/media/${id}`, {
      method: "PUT",
      token: tokens.moderator,
      json: { ...body, viewCount: 99999, thumbnailUrl: "https://evil.example.com/x.jpg", title: "Same but new" },
    });
    expect(await res.json()).toMatchObject({ viewCount: body.viewCount, thumbnailUrl: `/files/${keys.thumb}`, title: "Same but new" });
  });

  it("answers 404 for a missing id and 400 for a malformed one or bad input", async () => {
    const { id } = await item();
    const body = await whole(id);
    expect((await call("/api/media/999999", { method: "PUT", token: tokens.moderator, json: body })).status).toBe(404);
    expect((await call("/api/media/x1", { method: "PUT", token: tokens.moderator, json: body })).status).toBe(400);
    expect((await call(`/api/media/${id}`, { method: "PUT", token: tokens.moderator, json: { ...body, mediaType: "pdf" } })).status).toBe(400);
  });
});

describe("DELETE /api/media/{id}", () => {
  it("answers 401 to guests and 403 to users", async () => {
    const { id } = await item();
    expect((await call(`/api/media/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await call(`/api/media/${id}`, { method: "DELETE", token: tokens.user })).status).toBe(403);
  });

  it("deletes the item and its R2 objects (204), then answers 404", async () => {
    const { id, keys } = await item();
    const res = await call(`/api/media/${id}`, { method: "DELETE", token: tokens.moderator });
    expect(res.status).toBe(204);
    for (const key of Object.values(keys)) expect(await env.MEDIA.head(key), key).toBeNull();
    expect((await call(`/api/media/${id}`, { token: tokens.moderator })).status).toBe(404);
    expect((await call(`/api/media/${id}`, { method: "DELETE", token: tokens.admin })).status).toBe(404);
  });
});

describe("POST /api/media/{id}/view", () => {
  const views = (id: number) => env.DB.prepare("SELECT view_count AS n FROM media_items WHERE id = ?1").bind(id).first<{ n: number }>();
  const view = (id: number | string, headers: Record<string, string>) => call(`/api/media/${id}/view`, { method: "POST", headers });

  it("counts a view once per network (IPv4 address, IPv6 /64), item and day, whatever the User-Agent or cookie (200)", async () => {
    const { id } = await item();
    const first = await view(id, { "CF-Connecting-IP": "203.0.113.9", "User-Agent": "test-a" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ counted: true });
    expect(first.headers.get("Set-Cookie")).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const sameNetwork: Record<string, string>[] = [
      { "CF-Connecting-IP": "203.0.113.9", "User-Agent": "test-b" },
      { "CF-Connecting-IP": "203.0.113.9", "User-Agent": "test-c", Cookie: "rc_views=" },
      { "CF-Connecting-IP": "203.0.113.9", Cookie: `rc_views=${today}:999999.${id}` },
    ];
    for (const headers of sameNetwork) {
      const again = await view(id, headers);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ counted: false });
    }
    // Two addresses of one IPv6 /64 are one visitor.
    expect(await (await view(id, { "CF-Connecting-IP": "2001:db8:5:6::1" })).json()).toEqual({ counted: true });
    expect(await (await view(id, { "CF-Connecting-IP": "2001:db8:5:6:ffff::2" })).json()).toEqual({ counted: false });
    expect(await (await view(id, { "CF-Connecting-IP": "203.0.113.10" })).json()).toEqual({ counted: true });

    expect((await views(id))!.n).toBe(3);
    const visitors = await env.DB.prepare("SELECT visitor FROM media_views WHERE media_id = ?1").bind(id).all<{ visitor: string }>();
    expect(visitors.results).toHaveLength(3);
    expect(visitors.results.every((v) => !v.visitor.includes("203.0.113") && !v.visitor.includes("2001"))).toBe(true);
  });

  it("refuses unapproved and missing items with 404, malformed ids with 400, and writes nothing, not even the pruning of old views", async () => {
    const { id } = await item({ approved: false });
    const { id: other } = await item();
    await env.DB.prepare("INSERT INTO media_views (media_id, visitor, day) VALUES (?1, 'g:old', '2000-01-01')").bind(other).run();
    const today = new Date().toISOString().slice(0, 10);
    for (const target of [id, 999999, "abc", "0"]) {
      const res = await view(target, { "CF-Connecting-IP": "198.51.100.77", Cookie: `rc_views=${today}:${target}` });
      const malformed = target === "abc" || target === "0";
      expect(res.status, String(target)).toBe(malformed ? 400 : 404);
      expect(((await res.json()) as { code: string }).code).toBe(malformed ? "validation_failed" : "not_found");
    }
    expect((await views(id))!.n).toBe(0);
    const old = () => env.DB.prepare("SELECT count(*) AS n FROM media_views WHERE visitor = 'g:old'").first<{ n: number }>();
    expect((await old())!.n).toBe(1);
    // A real view prunes rows older than yesterday.
    expect((await view(other, { "CF-Connecting-IP": "198.51.100.77" })).status).toBe(200);
    expect((await old())!.n).toBe(0);
  });

  it("answers 429 in the envelope with Retry-After once a network has sent 60 views in a minute", async () => {
    const { id } = await item();
    const headers = { "CF-Connecting-IP": "2001:db8:77::1" };
    for (let i = 0; i < 60; i++) expect((await view(id, headers)).status).toBe(200);
    const over = await view(id, { "CF-Connecting-IP": "2001:db8:77::2" });
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe("60");
    expect(((await over.json()) as { code: string }).code).toBe("rate_limited");
  });
});

describe("thumbnail maintenance", () => {
  it("answers 401 to guests and 403 to users", async () => {
    for (const path of ["/api/admin/regenerate-thumbnails", "/api/thumbnailsync/trigger-manual", "/api/media/1/thumbnails"]) {
      expect((await call(path, { method: "POST", json: {} })).status, path).toBe(401);
      expect((await call(path, { method: "POST", json: {}, token: tokens.user })).status, path).toBe(403);
    }
  });

  it("regenerate queues the images missing WebP renditions, or all with force (202)", async () => {
    await item({ withFiles: false, thumbnailStatus: "pending" });
    const missing = await env.DB.prepare(
      "SELECT count(*) AS n FROM media_items WHERE (large_webp_key IS NULL OR thumbnail_webp_key IS NULL) AND original_key IS NOT NULL AND media_type <> 'video'",
    ).first<{ n: number }>();
    const res = await call("/api/admin/regenerate-thumbnails", { method: "POST", token: tokens.moderator, json: { force: false } });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { message: string; queued: number };
    expect(body.queued).toBe(missing!.n);
    expect(body.message).toBe(`Queued ${missing!.n} thumbnail job${missing!.n === 1 ? "" : "s"}.`);

    const all = await env.DB.prepare(
      "SELECT count(*) AS n FROM media_items WHERE CASE WHEN media_type = 'video' THEN poster_key ELSE original_key END IS NOT NULL",
    ).first<{ n: number }>();
    const forced = await call("/api/admin/regenerate-thumbnails", { method: "POST", token: tokens.admin, json: { force: true } });
    expect(((await forced.json()) as { queued: number }).queued).toBe(all!.n);
  });

  it("trigger-manual re-queues pending and failed items and says whether it did (202)", async () => {
    await env.DB.prepare("UPDATE media_items SET thumbnail_status = 'ready'").run();
    const none = await call("/api/thumbnailsync/trigger-manual", { method: "POST", token: tokens.moderator });
    expect(none.status).toBe(202);
    expect(await none.json()).toEqual({ message: "No pending or failed thumbnails.", triggered: false, queued: 0 });
    await item({ thumbnailStatus: "failed" });
    await item({ thumbnailStatus: "pending" });
    const some = await call("/api/thumbnailsync/trigger-manual", { method: "POST", token: tokens.moderator });
    expect(await some.json()).toEqual({ message: "Re-queued 2 thumbnail jobs for pending and failed items.", triggered: true, queued: 2 });
  });

  it("retries one item's thumbnails (202) and answers 404 for a missing item", async () => {
    const { id } = await item({ thumbnailStatus: "failed" });
    await env.DB.prepare("UPDATE media_items SET thumbnail_error = 'boom' WHERE id = ?1").bind(id).run();
    const res = await call(`/api/media/${id}/thumbnails`, { method: "POST", token: tokens.moderator });
    expect(res.status).toBe(202);
    expect((await call("/api/media/999999/thumbnails", { method: "POST", token: tokens.moderator })).status).toBe(404);
  });
});
