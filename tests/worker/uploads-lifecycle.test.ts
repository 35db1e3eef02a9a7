/**
 * Uploads beyond the happy path of images: a video's poster frame and its thumbnails, a file
 * whose thumbnail job fails (retried, then recorded as failed), and the scheduled cleanup of
 * uploads left unfinished for 24 hours. Real local R2, D1 and queue.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { THUMBNAIL_QUEUE_NAME } from "../../worker/jobs/thumbnails";
import { UPLOAD_CLEANUP_CRON } from "../../worker/jobs/upload-cleanup";
import type { MediaItem } from "../../shared/schemas/media";
import type { Upload } from "../../shared/schemas/uploads";
import { call, userWithToken } from "./helpers";
import { bytesOf, expectEnvelope, HEADERS, makeImage, MIB, objectsUnder, partRows, uploadRow } from "./upload-fixtures";

const tokens = { moderator: "", other: "" };
let categoryId = 0;
/** A real 640×360 WebP, as the browser draws a video frame. */
let poster: Uint8Array;

beforeAll(async () => {
  tokens.moderator = (await userWithToken(["User", "Moderator"])).token;
  tokens.other = (await userWithToken(["User", "Admin"])).token;
  const cat = await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Clips', 'clips-test') RETURNING id").first<{ id: number }>();
  categoryId = cat!.id;
  poster = await makeImage(640, 360, "image/webp");
});

let seq = 0;
async function started(contentType: string, size: number, token = tokens.moderator): Promise<Upload> {
  const res = await call("/api/uploads", {
    method: "POST",
    token,
    json: { fileName: `clip-${++seq}.bin`, size, contentType, title: `Clip ${seq}`, categoryId, factionId: null },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Upload;
}

const send = (id: string, path: string, bytes: Uint8Array | null, token = tokens.moderator) =>
  call(`/api/uploads/${id}/${path}`, { method: "PUT", token, body: bytes, headers: { "Content-Type": "application/octet-stream" } });
const complete = (id: string) => call(`/api/uploads/${id}/complete`, { method: "POST", token: tokens.moderator });
const mediaRow = (id: number) => env.DB.prepare("SELECT * FROM media_items WHERE id = ?1").bind(id).first<Record<string, unknown>>();

describe("video poster frames", () => {
  it("a WebM with its poster completes as a pending video whose thumbnails the queue makes from the poster (16:9 kept)", async () => {
    const video = bytesOf(HEADERS["video/webm"], 300_000);
    const upload = await started("video/webm", video.length);
    expect((await send(upload.id, "parts/1", video)).status).toBe(200);
    const res = await send(upload.id, "poster", poster);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ poster: true });
    const status = (await (await call(`/api/uploads/${upload.id}`, { token: tokens.moderator })).json()) as Upload;
    expect(status.hasPoster).toBe(true);

    const done = await complete(upload.id);
    expect(done.status).toBe(201);
    const { media } = (await done.json()) as { media: MediaItem };
    expect(media).toMatchObject({ description: upload.title, mediaType: "video", isApproved: false, thumbnailStatus: "pending", width: null, height: null, fileSize: video.length });
    expect(media.originalUrl).toMatch(new RegExp(`^/files/media/u${upload.id}/original\\.webm\\?exp=`));
    expect(media.posterUrl).toMatch(new RegExp(`^/files/media/u${upload.id}/poster-[0-9a-z]+\\.webp\\?exp=`));

    await vi.waitFor(async () => expect((await mediaRow(media.id))?.thumbnail_status).toBe("ready"), { timeout: 30_000, interval: 100 });
    const row = (await mediaRow(media.id))!;
    for (const [column, width, height] of [
      ["large_webp_key", 640, 360],
      ["thumbnail_key", 400, 225],
    ] as const) {
      const object = await env.MEDIA.get(String(row[column]));
      const info = await env.IMAGES.info(object!.body);
      expect(info).toMatchObject({ width });
      expect(Math.abs(("height" in info ? info.height : 0) - height)).toBeLessThanOrEqual(1);
    }
    // The original video is untouched.
    expect((await env.MEDIA.head(`media/u${upload.id}/original.webm`))?.size).toBe(video.length);
  }, 60_000);

  it("a video without a poster completes as ready with no thumbnails (nothing to resize)", async () => {
    const video = bytesOf(HEADERS["video/mp4"], 50_000);
    const upload = await started("video/mp4", video.length);
    expect((await send(upload.id, "parts/1", video)).status).toBe(200);
    const done = await complete(upload.id);
    expect(done.status).toBe(201);
    const { media } = (await done.json()) as { media: MediaItem };
    expect(media).toMatchObject({ mediaType: "video", thumbnailStatus: "ready", posterUrl: null, thumbnailUrl: null });
  });

  it("sending a poster again replaces it and deletes the one before", async () => {
    const upload = await started("video/mp4", 1000);
    expect((await send(upload.id, "poster", poster)).status).toBe(200);
    const first = String((await uploadRow(upload.id))!.poster_key);
    expect((await send(upload.id, "poster", await makeImage(320, 180, "image/webp"))).status).toBe(200);
    const second = String((await uploadRow(upload.id))!.poster_key);
    expect(second).not.toBe(first);
    expect(await objectsUnder(upload.id)).toEqual([second]);
  });

  it("refuses a poster for an image upload (400), one that is not WebP (415), one over 2 MiB (413), someone else's (404)", async () => {
    const image = await started("image/png", 1000);
    await expectEnvelope(await send(image.id, "poster", poster), 400, "bad_request");
    const video = await started("video/mp4", 1000);
    await expectEnvelope(await send(video.id, "poster", await makeImage(64, 36, "image/jpeg")), 415, "unsupported_media_type");
    await expectEnvelope(await send(video.id, "poster", bytesOf(HEADERS["image/webp"], 2 * MIB + 1)), 413, "payload_too_large");
    await expectEnvelope(await send(video.id, "poster", poster, tokens.other), 404, "not_found");
    expect(await objectsUnder(video.id)).toEqual([]);
    expect((await uploadRow(video.id))!.poster_key).toBeNull();
  });

  it("deleting a video upload removes its poster from R2 too", async () => {
    const upload = await started("video/webm", 1000);
    expect((await send(upload.id, "poster", poster)).status).toBe(200);
    expect(await objectsUnder(upload.id)).toHaveLength(1);
    expect((await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator })).status).toBe(204);
    expect(await objectsUnder(upload.id)).toEqual([]);
  });
});

describe("thumbnail job failure", () => {
  it("an image that passes the type check but cannot be decoded: its job fails the item at once (acked, no retry), recorded with the reason moderators see", async () => {
    const file = bytesOf(HEADERS["image/png"], 20_000);
    const upload = await started("image/png", file.length);
    expect((await send(upload.id, "parts/1", file)).status).toBe(200);
    const done = await complete(upload.id);
    expect(done.status).toBe(201);
    const { media } = (await done.json()) as { media: MediaItem };
    // The Images binding could not read a size from it.
    expect(media).toMatchObject({ width: null, height: null, thumbnailStatus: "pending" });

    // One delivery by the consumer: no retry can decode it, so the item fails now.
    const batch = createMessageBatch(THUMBNAIL_QUEUE_NAME, [{ id: "u1", timestamp: new Date(), attempts: 1, body: { mediaId: media.id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["u1"]);
    expect(result.retryMessages).toEqual([]);
    const failed = (await mediaRow(media.id))!;
    expect(failed).toMatchObject({ thumbnail_status: "failed" });
    expect(failed.thumbnail_error).toMatch(/^The original could not be read as an image[^\n]+$/);
    const failure = await env.DB.prepare("SELECT reason, attempts FROM thumbnail_failures WHERE media_id = ?1").bind(media.id).first();
    expect(failure).toMatchObject({ attempts: 1, reason: failed.thumbnail_error });
    // Moderators see the reason on the item.
    const item = (await (await call(`/api/media/${media.id}`, { token: tokens.moderator })).json()) as MediaItem;
    expect(item.thumbnailStatus).toBe("failed");
    expect(item.thumbnailError).toBe(failed.thumbnail_error);
  });
});

describe("scheduled cleanup", () => {
  it("the hourly cron aborts uploads started more than 24 hours ago and removes their rows and poster; newer ones stay", async () => {
    const stale = await started("video/webm", 1000);
    expect((await send(stale.id, "parts/1", bytesOf(HEADERS["video/webm"], 1000))).status).toBe(200);
    expect((await send(stale.id, "poster", poster)).status).toBe(200);
    const fresh = await started("video/webm", 1000);
    const staleRow = (await uploadRow(stale.id))!;
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 3600 * 1000 - 60_000).toISOString();
    await env.DB.prepare("UPDATE uploads SET created_at = ?1 WHERE id = ?2").bind(dayAndAMinuteAgo, stale.id).run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: UPLOAD_CLEANUP_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await uploadRow(stale.id)).toBeNull();
    expect((await partRows(stale.id)).results).toEqual([]);
    expect(await objectsUnder(stale.id)).toEqual([]);
    // The multipart upload itself is aborted in R2: its parts can no longer be completed.
    const multipart = env.MEDIA.resumeMultipartUpload(String(staleRow.object_key), String(staleRow.r2_upload_id));
    await expect(multipart.complete([])).rejects.toThrow();
    await expectEnvelope(await call(`/api/uploads/${stale.id}`, { token: tokens.moderator }), 404, "not_found");

    expect(await uploadRow(fresh.id)).toMatchObject({ status: "uploading" });
  });

  it("the 5-minute cron (mail outbox) leaves uploads alone", async () => {
    const upload = await started("video/mp4", 1000);
    await env.DB.prepare("UPDATE uploads SET created_at = ?1 WHERE id = ?2").bind("2000-01-01T00:00:00.000Z", upload.id).run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await uploadRow(upload.id)).not.toBeNull();
  });
});

describe("limits per user", () => {
  it("409 conflict for a 51st unfinished upload; cancelling one makes room again", async () => {
    const { token } = await userWithToken(["User", "Moderator"]);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await started("video/mp4", 1000, token)).id);
    const res = await call("/api/uploads", {
      method: "POST",
      token,
      json: { fileName: "one-more.mp4", size: 1000, contentType: "video/mp4", title: "One more", categoryId, factionId: null },
    });
    const body = await expectEnvelope(res, 409, "conflict");
    expect(body.message).toBe("You have 50 unfinished uploads. Finish or cancel some of them first.");
    expect((await call(`/api/uploads/${ids[0]}`, { method: "DELETE", token })).status).toBe(204);
    expect((await started("video/mp4", 1000, token)).status).toBe("uploading");
  }, 60_000);
});

describe("cancel while a part is on its way", () => {
  it("a part whose upload is deleted mid-body answers 404 with the envelope (never a 500) and nothing is left", async () => {
    const image = bytesOf(HEADERS["image/png"], 200_000);
    const upload = await started("image/png", image.length);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(image.subarray(0, 100_000));
        await held;
        controller.enqueue(image.subarray(100_000));
        controller.close();
      },
    });
    const part = call(`/api/uploads/${upload.id}/parts/1`, {
      method: "PUT",
      token: tokens.moderator,
      body,
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(image.length) },
      // @ts-expect-error -- a streamed request body needs duplex in the Fetch API
      duplex: "half",
    });
    expect((await call(`/api/uploads/${upload.id}`, { method: "DELETE", token: tokens.moderator })).status).toBe(204);
    release();
    await expectEnvelope(await part, 404, "not_found");
    expect(await uploadRow(upload.id)).toBeNull();
    expect((await partRows(upload.id)).results).toEqual([]);
  }, 30_000);
});
