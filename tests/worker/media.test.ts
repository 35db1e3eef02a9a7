import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedFileUrl } from "../../worker/lib/file-signature";
import type { MediaFilters, MediaItem } from "../../shared/schemas/media";
import { call } from "./helpers";
import { categoryId, factionId, item, list, nextSeq, otherCategoryId, setUpMedia, tokens } from "./media-fixtures";

setUpMedia();

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
      .bind(`pending-only-${Date.now().toString(36)}-${nextSeq()}`)
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
