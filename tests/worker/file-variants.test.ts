import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { responsiveImage, variantKey } from "@shared/image-variants";

const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://example.com${path}`, init));

/** A 3×2 orange PNG, scaled up by the Images binding to a 1600×900 JPEG original. */
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4FcEDQQxwFgBTkAfVMKeBdAAAAABJRU5ErkJggg==";
const KEY = "factions/test-realm/background-0123456789ab.jpg";

const widthOf = async (bytes: ArrayBuffer) => {
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  return "width" in info ? info.width : null;
};

beforeAll(async () => {
  const tiny = new Blob([Uint8Array.from(atob(TINY_PNG), (ch) => ch.charCodeAt(0))]).stream();
  const result = await env.IMAGES.input(tiny).transform({ width: 1600, height: 900, fit: "cover" }).output({ format: "image/jpeg" });
  await env.MEDIA.put(KEY, await new Response(result.image()).arrayBuffer(), { httpMetadata: { contentType: "image/jpeg" } });
  await env.MEDIA.put("factions/test-realm/broken.jpg", new TextEncoder().encode("not an image"), { httpMetadata: { contentType: "image/jpeg" } });
  await env.MEDIA.put("factions/test-realm/notes.txt", new TextEncoder().encode("text"));
});

describe("GET /files/{key}?w= (resized copies)", () => {
  it("answers 200 with a 960-pixel WebP copy, made on the first request and kept in R2; the second request reads the copy", async () => {
    const first = await call(`/files/${KEY}?w=960`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/webp");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = await first.arrayBuffer();
    expect(await widthOf(bytes)).toBe(960);
    const kept = await env.MEDIA.get(variantKey(KEY, 960));
    expect(kept, "the copy is kept in R2").not.toBeNull();
    expect((await kept!.arrayBuffer()).byteLength).toBe(bytes.byteLength);

    const second = await call(`/files/${KEY}?w=960`);
    expect(second.status).toBe(200);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    await second.arrayBuffer();
  });

  it("answers 304 for the copy when If-None-Match carries its ETag", async () => {
    const first = await call(`/files/${KEY}?w=640`);
    await first.arrayBuffer();
    const res = await call(`/files/${KEY}?w=640`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(res.status).toBe(304);
  });

  it.each([["123"], ["abc"], ["1600"], ["-1"]])("refuses w=%s with 400 and the error envelope, making nothing", async (w) => {
    const res = await call(`/files/${KEY}?w=${w}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors?: Record<string, string[]> };
    expect(body.code).toBe("validation_failed");
    expect(body.errors?.w).toEqual(["Width must be one of 640, 960, 1280."]);
    expect((await env.MEDIA.list({ prefix: `variants/w${w}/` })).objects).toEqual([]);
  });

  it("refuses a copy of a media item's file, of a copy, or of a file that is not a raster image (400)", async () => {
    const copy = `/files/${variantKey(KEY, 960)}`;
    for (const path of ["/files/media/42/v1/original.jpg?w=640", `${copy}?w=640`, "/files/factions/test-realm/notes.txt?w=640"]) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("bad_request");
    }
  });

  it("answers 404 for a copy of a file that does not exist", async () => {
    const res = await call("/files/factions/test-realm/missing.jpg?w=640");
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it("redirects (302, not kept) to the original when the Images binding cannot read it", async () => {
    const res = await call("/files/factions/test-realm/broken.jpg?w=640", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/files/factions/test-realm/broken.jpg");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await env.MEDIA.head(variantKey("factions/test-realm/broken.jpg", 640))).toBeNull();
  });
});

describe("responsiveImage", () => {
  it("offers the copies narrower than the original, then the original, for the site's own images only", () => {
    expect(responsiveImage("/files/factions/a/bg.jpg", 1600, "100vw")).toEqual({
      srcset: "/files/factions/a/bg.jpg?w=640 640w, /files/factions/a/bg.jpg?w=960 960w, /files/factions/a/bg.jpg?w=1280 1280w, /files/factions/a/bg.jpg 1600w",
      sizes: "100vw",
    });
    expect(responsiveImage("/files/media/1/original.jpg", 1600, "100vw")).toBeNull();
    expect(responsiveImage("https://example.org/bg.jpg", 1600, "100vw")).toBeNull();
    expect(responsiveImage("/files/factions/a/logo.svg", 1600, "100vw")).toBeNull();
    expect(responsiveImage(null, 1600, "100vw")).toBeNull();
  });
});
