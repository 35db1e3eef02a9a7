import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MediaItem } from "../../shared/schemas/media";
import { call } from "./helpers";
import { item, setUpMedia, tokens, validBody } from "./media-fixtures";

setUpMedia();

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
