import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { filePath } from "../../worker/db/queries/media";

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
