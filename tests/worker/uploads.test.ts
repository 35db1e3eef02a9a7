/**
 * Uploads through the Worker into R2 (multipart), against the real local R2, D1 and queue:
 * creation, parts, resuming, the type read from the content, and completion into a pending media
 * item (the refusals are in uploads-refusals.test.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { MediaItem } from "../../shared/schemas/media";
import type { Upload, UploadPartResponse } from "../../shared/schemas/uploads";
import { call } from "./helpers";
import { bytesOf, expectEnvelope, HEADERS, MIB, objectsUnder, PART, partOf, partRows, sha256, uploadRow, type Declared } from "./upload-fixtures";
import { categoryId, complete, createBody, createUpload, expectGone, factionId, paddedJpeg, putPart, setUpUploads, SMALL, started, tokens, withLimit } from "./upload-requests";

setUpUploads();

// ---------------------------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------------------------

describe("POST /api/uploads", () => {
  it("201: answers the upload with its id, 8 MiB parts, no parts received and 24 h to live; nothing is stored in R2 yet", async () => {
    const res = await createUpload({ size: 2 * PART + 123, fileName: "castle.jpg", title: "Castle" });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = (await res.json()) as Upload;
    expect(body).toMatchObject({
      partSize: 8388608,
      partCount: 3,
      receivedParts: [],
      status: "uploading",
      fileName: "castle.jpg",
      size: 2 * PART + 123,
      contentType: "image/jpeg",
      title: "Castle",
      categoryId,
      factionId,
      description: "From the tests.",
      hasPoster: false,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("Location")).toBe(`/api/uploads/${body.id}`);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(24 * 3600 * 1000);
    expect(await objectsUnder(body.id)).toEqual([]);
    expect(await uploadRow(body.id)).toMatchObject({ part_count: 3, status: "uploading", object_key: `media/u${body.id}/original.jpg` });
  });

  it("a file of exactly one part size has one part; one byte more makes two", async () => {
    expect((await started({ size: PART })).partCount).toBe(1);
    expect((await started({ size: PART + 1 })).partCount).toBe(2);
  });

  it("415 unsupported_media_type for a declared type that is not accepted (PDF, SVG, executables)", async () => {
    for (const contentType of ["application/pdf", "image/svg+xml", "application/x-msdownload", "video/quicktime"]) {
      await expectEnvelope(await createUpload({ contentType }), 415, "unsupported_media_type");
    }
  });

  it("400 validation_failed for a 0-byte file, a missing title, a negative or fractional size", async () => {
    const empty = await expectEnvelope(await createUpload({ size: 0 }), 400, "validation_failed");
    expect(empty.errors?.size).toEqual(["The file is empty."]);
    await expectEnvelope(await createUpload({ title: "  " }), 400, "validation_failed");
    await expectEnvelope(await createUpload({ size: -5 }), 400, "validation_failed");
    await expectEnvelope(await createUpload({ size: 1.5 }), 400, "validation_failed");
    await expectEnvelope(await call("/api/uploads", { method: "POST", token: tokens.moderator, json: {} }), 400, "validation_failed");
  });

  it("400 validation_failed when the category or the faction does not exist", async () => {
    const body = await expectEnvelope(await createUpload({ categoryId: 999_999, factionId: 999_998 }), 400, "validation_failed");
    expect(body.errors).toEqual({ categoryId: ["Category does not exist."], factionId: ["Faction does not exist."] });
  });

  it("413 payload_too_large over the site's upload limit (maxFileUploadSize, MB); exactly at the limit is fine", async () => {
    await withLimit(2, async () => {
      const body = await expectEnvelope(await createUpload({ size: 2 * MIB + 1 }), 413, "payload_too_large");
      expect(body.message).toBe("The file is larger than the upload limit of 2 MB.");
      expect((await createUpload({ size: 2 * MIB })).status).toBe(201);
    });
  });

  it("401 for guests, 403 for users", async () => {
    await expectEnvelope(await call("/api/uploads", { method: "POST", json: createBody() }), 401, "unauthorized");
    await expectEnvelope(await createUpload({}, tokens.user), 403, "forbidden");
  });
});

// ---------------------------------------------------------------------------------------------
// The whole way: parts, resume, complete
// ---------------------------------------------------------------------------------------------

describe("a 3-part upload", () => {
  it("completes into a pending media item whose R2 object is byte-identical to the file, with its size read by the Images binding and its thumbnails made by the queue", async () => {
    const file = paddedJpeg(2 * PART + 654_321);
    const upload = await started({ size: file.length, fileName: "big-castle.jpg", title: "Big castle" });
    expect(upload.partCount).toBe(3);

    for (const n of [1, 2, 3]) {
      const res = await putPart(upload.id, n, partOf(file, n));
      expect(res.status).toBe(200);
      const body = (await res.json()) as UploadPartResponse;
      expect(body).toEqual({ partNumber: n, size: n < 3 ? PART : 654_321, receivedParts: Array.from({ length: n }, (_, i) => i + 1) });
    }
    expect(await objectsUnder(upload.id)).toEqual([]);

    const res = await complete(upload.id);
    expect(res.status).toBe(201);
    const { media } = (await res.json()) as { media: MediaItem };
    expect(media).toMatchObject({
      title: "Big castle",
      description: "From the tests.",
      mediaType: "image",
      categoryId,
      factionId,
      isApproved: false,
      isFeatured: false,
      thumbnailStatus: "pending",
      width: 1200,
      height: 800,
      fileSize: file.length,
    });
    expect(res.headers.get("Location")).toBe(`/api/media/${media.id}`);
    // The original is private until approved: a signed /files URL.
    expect(media.originalUrl).toMatch(new RegExp(`^/files/media/u${upload.id}/original\\.jpg\\?exp=\\d+&sig=[0-9a-f]{64}$`));

    const object = await env.MEDIA.get(`media/u${upload.id}/original.jpg`);
    expect(object?.size).toBe(file.length);
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(file));
    // Through /files with the signed URL too.
    const served = await call(media.originalUrl!, { token: tokens.moderator });
    expect(served.status).toBe(200);
    expect(await sha256(await served.arrayBuffer())).toBe(await sha256(file));

    // The upload itself is gone.
    expect(await uploadRow(upload.id)).toBeNull();
    expect((await partRows(upload.id)).results).toEqual([]);
    const row = await env.DB.prepare("SELECT uploaded_by, content_type FROM media_items WHERE id = ?1").bind(media.id).first();
    expect(row).toMatchObject({ content_type: "image/jpeg" });
    expect(await env.DB.prepare("SELECT action FROM audit_log WHERE entity_type = 'media' AND entity_id = ?1").bind(String(media.id)).first()).toEqual({
      action: "create",
    });

    // The queued thumbnail job (run by the local queue) makes WebP and JPEG renditions with the aspect ratio kept.
    await vi.waitFor(
      async () => {
        const status = await env.DB.prepare("SELECT thumbnail_status FROM media_items WHERE id = ?1").bind(media.id).first<string>("thumbnail_status");
        expect(status).toBe("ready");
      },
      { timeout: 30_000, interval: 100 },
    );
    const item = await env.DB.prepare("SELECT large_key, large_webp_key, thumbnail_key, thumbnail_webp_key FROM media_items WHERE id = ?1")
      .bind(media.id)
      .first<Record<string, string>>();
    const expected = [
      [item!.large_webp_key, "image/webp", 1200, 800],
      [item!.large_key, "image/jpeg", 1200, 800],
      [item!.thumbnail_webp_key, "image/webp", 400, 267],
      [item!.thumbnail_key, "image/jpeg", 400, 267],
    ] as const;
    for (const [key, format, width, height] of expected) {
      expect(key).toMatch(new RegExp(`^media/u${upload.id}/r[0-9a-z]+/`));
      const rendition = await env.MEDIA.get(String(key));
      const info = await env.IMAGES.info(rendition!.body);
      expect(info).toMatchObject({ format, width });
      expect(Math.abs(("height" in info ? info.height : 0) - height)).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it("resumes after an interruption: GET shows which parts the server has, only the missing ones are sent, and it completes", async () => {
    const file = paddedJpeg(2 * PART + 1000);
    const upload = await started({ size: file.length });
    expect((await putPart(upload.id, 2, partOf(file, 2))).status).toBe(200);

    // "Reload": the browser asks which uploads are unfinished and which parts exist.
    const list = (await (await call("/api/uploads", { token: tokens.moderator })).json()) as { items: Upload[] };
    expect(list.items.find((u) => u.id === upload.id)).toMatchObject({ receivedParts: [2], partCount: 3 });
    const status = (await (await call(`/api/uploads/${upload.id}`, { token: tokens.moderator })).json()) as Upload;
    expect(status.receivedParts).toEqual([2]);

    const missing = [1, 2, 3].filter((n) => !status.receivedParts.includes(n));
    expect(missing).toEqual([1, 3]);
    for (const n of missing) expect((await putPart(upload.id, n, partOf(file, n))).status).toBe(200);
    const res = await complete(upload.id);
    expect(res.status).toBe(201);
    const object = await env.MEDIA.get(`media/u${upload.id}/original.jpg`);
    expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(file));
    // No longer listed as unfinished.
    const after = (await (await call("/api/uploads", { token: tokens.moderator })).json()) as { items: Upload[] };
    expect(after.items.some((u) => u.id === upload.id)).toBe(false);
  }, 60_000);

  it("re-sending a part replaces it (idempotent): the object holds the last bytes sent", async () => {
    const first = bytesOf(HEADERS["image/jpeg"], SMALL);
    const second = paddedJpeg(SMALL);
    const upload = await started({ size: SMALL });
    expect((await putPart(upload.id, 1, first)).status).toBe(200);
    const res = await putPart(upload.id, 1, second);
    expect(await res.json()).toEqual({ partNumber: 1, size: SMALL, receivedParts: [1] });
    expect((await complete(upload.id)).status).toBe(201);
    const object = await env.MEDIA.get(`media/u${upload.id}/original.jpg`);
    expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(second));
  });
});

// ---------------------------------------------------------------------------------------------
// Content sniffing
// ---------------------------------------------------------------------------------------------

describe("type by content", () => {
  it("accepts part 1 of each allowed type when its first bytes agree with the declared type", async () => {
    for (const [contentType, head] of Object.entries(HEADERS)) {
      const upload = await started({ contentType, size: 4096 });
      const res = await putPart(upload.id, 1, bytesOf(head, 4096));
      expect(res.status, contentType).toBe(200);
      await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator });
    }
  });

  it("415 and the upload is removed when the content disagrees with the declared type (a PNG declared as JPEG)", async () => {
    const upload = await started({ contentType: "image/jpeg", size: 4096 });
    await expectEnvelope(await putPart(upload.id, 1, bytesOf(HEADERS["image/png"], 4096)), 415, "unsupported_media_type");
    await expectGone(upload);
    await expectEnvelope(await call(`/api/uploads/${upload.id}`, { token: tokens.moderator }), 404, "not_found");
  });

  it("415 for a renamed executable (MZ and ELF headers named .jpg / .mp4), before a byte is stored; the upload is removed", async () => {
    const cases: [string, Declared, number[]][] = [
      ["setup.jpg", "image/jpeg", [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]],
      ["run.mp4", "video/mp4", [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]],
    ];
    for (const [fileName, contentType, head] of cases) {
      const file = bytesOf(head, PART + 10);
      const upload = await started({ fileName, contentType, size: file.length });
      // Part 2 arrives first (parts go in parallel); part 1 then shows what the file is.
      expect((await putPart(upload.id, 2, partOf(file, 2))).status).toBe(200);
      const body = await expectEnvelope(await putPart(upload.id, 1, partOf(file, 1)), 415, "unsupported_media_type");
      expect(body.message).toBe("Only JPEG, PNG, WebP and GIF images and MP4 and WebM videos can be uploaded.");
      await expectGone(upload);
      // Nothing can be added to it any more.
      await expectEnvelope(await putPart(upload.id, 2, partOf(file, 2)), 404, "not_found");
      await expectEnvelope(await complete(upload.id), 404, "not_found");
    }
  });

  it("parts after the first are not sniffed (they are the middle of the file)", async () => {
    const file = paddedJpeg(PART + 64);
    const upload = await started({ size: file.length });
    const tail = partOf(file, 2);
    tail.set([0x4d, 0x5a]);
    expect((await putPart(upload.id, 2, tail)).status).toBe(200);
    await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator });
  });
});
