import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { filePath } from "../../worker/db/queries/media/common";
import { MEDIA_FILE_MAX_AGE } from "../../worker/routes/files";
import type { MediaItem } from "../../shared/schemas/media";
import { call as apiCall, userWithToken } from "./helpers";
import { bytesOf, HEADERS, makeImage } from "./upload-fixtures";

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://example.com${path}`, init));

/** One of the site's own assets (public by location, worker/routes/files.ts SITE_ASSET_PREFIXES). */
const KEY = "portraits/42/v1/thumb.webp";
/** 100 bytes: 0, 1, 2, ... 99. */
const BYTES = Uint8Array.from({ length: 100 }, (_, i) => i);

beforeAll(async () => {
  await env.MEDIA.put(KEY, BYTES, { httpMetadata: { contentType: "image/webp" } });
  await env.MEDIA.put("portraits/42/v1/untyped.jpg", BYTES);
});

describe("GET /files/{key}", () => {
  it("answers 200 with a site asset's bytes, type, ETag and immutable caching", async () => {
    const res = await call(`/files/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Content-Length")).toBe("100");
    expect(res.headers.get("ETag")).toMatch(/^".+"$/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES);
  });

  it("guesses the Content-Type from the extension when none was stored (200)", async () => {
    const res = await call("/files/portraits/42/v1/untyped.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    await res.arrayBuffer();
  });

  it("answers 304 without a body when If-None-Match carries the current ETag", async () => {
    const first = await call(`/files/${KEY}`);
    const etag = first.headers.get("ETag")!;
    await first.arrayBuffer();
    const res = await call(`/files/${KEY}`, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get("ETag")).toBe(etag);
    expect(await res.text()).toBe("");
  });

  it("answers 200 when If-None-Match carries another ETag", async () => {
    const res = await call(`/files/${KEY}`, { headers: { "If-None-Match": '"something-else"' } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it("answers 206 with Content-Range for a byte range", async () => {
    const res = await call(`/files/${KEY}`, { headers: { Range: "bytes=10-19" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe("bytes 10-19/100");
    expect(res.headers.get("Content-Length")).toBe("10");
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES.slice(10, 20));
  });

  it("answers 206 for open-ended and suffix ranges", async () => {
    const open = await call(`/files/${KEY}`, { headers: { Range: "bytes=95-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("Content-Range")).toBe("bytes 95-99/100");
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(BYTES.slice(95));

    const suffix = await call(`/files/${KEY}`, { headers: { Range: "bytes=-5" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("Content-Range")).toBe("bytes 95-99/100");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(BYTES.slice(95));
  });

  it("answers 416 with bytes */size for a range past the end", async () => {
    const res = await call(`/files/${KEY}`, { headers: { Range: "bytes=100-200" } });
    expect(res.status).toBe(416);
    expect(res.headers.get("Content-Range")).toBe("bytes */100");
    expect(await res.json()).toEqual({ code: "range_not_satisfiable", message: "Requested range not satisfiable." });
  });

  it("answers HEAD with 200, the headers and no body", async () => {
    const res = await call(`/files/${KEY}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Content-Length")).toBe("100");
    expect(res.headers.get("ETag")).toMatch(/^".+"$/);
    expect(await res.text()).toBe("");
  });

  it("answers a JSON 404 envelope for a missing key", async () => {
    const res = await call("/files/media/404/nothing.webp");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ code: "not_found", message: "File not found." });
  });

  it("answers 404 for an empty key", async () => {
    const res = await call("/files/");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "File not found." });
  });

  it("answers 400 for encoded path traversal and malformed encoding", async () => {
    for (const path of ["/files/media/..%2F..%2Fsecret", "/files/media//x.webp", "/files/a%5C..%5Cb", "/files/%E0%A4%A"]) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      await res.arrayBuffer();
    }
  });

  it("answers 405 for writes", async () => {
    const res = await call(`/files/${KEY}`, { method: "PUT", body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(await res.json()).toEqual({ code: "method_not_allowed", message: "PUT is not allowed on files." });
  });
});

describe("filePath (the public URL path of a key)", () => {
  it("keeps the keys the site writes as they are", () => {
    expect(filePath("media/42/v1/thumb-0a1b.webp")).toBe("/files/media/42/v1/thumb-0a1b.webp");
  });

  it("encodes each segment of any other key and keeps its slashes", async () => {
    const key = "news/legacy/a b#1?/Ärger%.jpg";
    expect(filePath(key)).toBe("/files/news/legacy/a%20b%231%3F/%C3%84rger%25.jpg");
    await env.MEDIA.put(key, BYTES);
    const res = await call(filePath(key));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES);
  });
});

describe("private by default: only approved items' files and the site's own assets are public", () => {
  const expectNotFound = async (res: Response, what: string) => {
    expect(res.status, what).toBe(404);
    expect(await res.json(), what).toEqual({ code: "not_found", message: "File not found." });
  };

  it("the site's own assets (avatars, faction art, news images, portraits) are public and immutable (200)", async () => {
    for (const key of ["avatars/a.webp", "factions/f/logo-1.png", "news/n-1.jpg", "portraits/units/u-1.jpg"]) {
      await env.MEDIA.put(key, BYTES);
      const res = await call(`/files/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get("Cache-Control"), key).toBe("public, max-age=31536000, immutable");
      await res.arrayBuffer();
    }
  });

  it("an object no item references, one outside the known places, and a copy of one are 404 like a missing file", async () => {
    const keys = ["media/u0000-orphan/original.jpg", "media/leftover/r1/thumb.webp", "misc/notes.txt", "uploads/x.jpg", "variants/w640/misc/x.jpg.webp"];
    for (const key of keys) {
      await env.MEDIA.put(key, BYTES);
      await expectNotFound(await call(`/files/${key}`), key);
      expect((await call(`/files/${key}`, { method: "HEAD" })).status, `HEAD ${key}`).toBe(404);
    }
    // No resized copy is made of a key that is not the site's own, even if it is an image.
    await env.MEDIA.put("misc/photo.jpg", await makeImage(1600, 900, "image/jpeg"));
    await expectNotFound(await call("/files/misc/photo.jpg?w=640"), "?w= of misc/");
    expect(await env.MEDIA.head("variants/w640/misc/photo.jpg.webp")).toBeNull();
  });

  it("an upload in progress (its poster) and a rendition a job has not switched to yet are 404; the item's current files are public", async () => {
    const moderator = await userWithToken(["User", "Moderator"]);
    const category = await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES ('Private', 'private-files', '#123456') RETURNING id").first<{ id: number }>();
    const created = await apiCall("/api/uploads", {
      method: "POST",
      token: moderator.token,
      json: { fileName: "clip.webm", size: 1000, contentType: "video/webm", title: "Clip", categoryId: category!.id, factionId: null },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const poster = await makeImage(320, 180, "image/webp");
    expect((await apiCall(`/api/uploads/${id}/parts/1`, { method: "PUT", token: moderator.token, body: bytesOf(HEADERS["video/webm"], 1000) })).status).toBe(200);
    expect((await apiCall(`/api/uploads/${id}/poster`, { method: "PUT", token: moderator.token, body: poster })).status).toBe(200);
    const row = await env.DB.prepare("SELECT poster_key FROM uploads WHERE id = ?1").bind(id).first<{ poster_key: string }>();
    expect(await env.MEDIA.head(row!.poster_key)).not.toBeNull();
    await expectNotFound(await call(`/files/${row!.poster_key}`), "the poster of an unfinished upload");

    await env.MEDIA.put("media/swap/r1/thumb.webp", BYTES);
    await env.MEDIA.put("media/swap/r2/thumb.webp", BYTES);
    await env.DB.prepare("INSERT INTO media_items (title, media_type, is_approved, original_key, thumbnail_webp_key) VALUES ('Swap', 'image', 1, 'media/swap/original.jpg', 'media/swap/r1/thumb.webp')").run();
    const current = await call("/files/media/swap/r1/thumb.webp");
    expect(current.status).toBe(200);
    await current.arrayBuffer();
    await expectNotFound(await call("/files/media/swap/r2/thumb.webp"), "a rendition not switched to yet");
  });

  it(`an approved item's file is public for ${MEDIA_FILE_MAX_AGE} s at a time (then revalidated); un-approving or deleting the item makes it 404 at once`, async () => {
    const moderator = await userWithToken(["User", "Moderator"]);
    const category = await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES ('Approval', 'approval-files', '#123456') RETURNING id").first<{ id: number }>();
    const key = "media/approval/original.jpg";
    await env.MEDIA.put(key, BYTES, { httpMetadata: { contentType: "image/jpeg" } });
    const row = await env.DB.prepare("INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_key) VALUES ('Approval', 'D', 'image', ?1, 1, ?2) RETURNING id")
      .bind(category!.id, key)
      .first<{ id: number }>();
    const approved = await call(`/files/${key}`);
    expect(approved.status).toBe(200);
    expect(approved.headers.get("Cache-Control")).toBe(`public, max-age=${MEDIA_FILE_MAX_AGE}, must-revalidate`);
    const etag = approved.headers.get("ETag")!;
    await approved.arrayBuffer();
    // A browser revalidating within the bound gets 304.
    expect((await call(`/files/${key}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

    const item = (await (await apiCall(`/api/media/${row!.id}`, { token: moderator.token })).json()) as MediaItem;
    const put = await apiCall(`/api/media/${row!.id}`, { method: "PUT", token: moderator.token, json: { ...item, isApproved: false } });
    expect(put.status).toBe(200);
    await expectNotFound(await call(`/files/${key}`), "after un-approving");
    await expectNotFound(await call(`/files/${key}`, { headers: { "If-None-Match": etag } }), "a revalidation after un-approving");
    // Its signed URL (moderators) still opens it.
    const signed = ((await put.json()) as MediaItem).originalUrl!;
    expect(signed).toMatch(/\?exp=\d+&sig=[0-9a-f]{64}$/);
    const opened = await call(signed);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    await opened.arrayBuffer();

    expect((await apiCall(`/api/media/${row!.id}`, { method: "DELETE", token: moderator.token })).status).toBe(204);
    await expectNotFound(await call(signed), "after deleting");
  });
});
