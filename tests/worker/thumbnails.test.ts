import { createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { makeThumbnails, THUMBNAIL_DLQ_NAME, THUMBNAIL_QUEUE_NAME, THUMBNAIL_SOURCE_MAX_BYTES } from "../../worker/jobs/thumbnails";
import { call, userWithToken } from "./helpers";

/** A 3×2 orange PNG; the test scales it up to a 1800×1200 original with the Images binding. */
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4FcEDQQxwFgBTkAfVMKeBdAAAAABJRU5ErkJggg==";
const tinyStream = () => new Blob([Uint8Array.from(atob(TINY_PNG), (c) => c.charCodeAt(0))]).stream();

let original: ArrayBuffer;
beforeAll(async () => {
  const result = await env.IMAGES.input(tinyStream())
    .transform({ width: 1800, height: 1200, fit: "cover" })
    .output({ format: "image/jpeg" });
  original = await new Response(result.image()).arrayBuffer();
});

async function mediaWithOriginal(key: string, mediaType = "image") {
  await env.MEDIA.put(key, original, { httpMetadata: { contentType: "image/jpeg" } });
  const row = await env.DB.prepare(
    "INSERT INTO media_items (title, media_type, original_key, file_size) VALUES ('Sunrise', ?1, ?2, ?3) RETURNING id",
  )
    .bind(mediaType, key, original.byteLength)
    .first<{ id: number }>();
  return row!.id;
}

const mediaRow = (id: number) =>
  env.DB.prepare("SELECT * FROM media_items WHERE id = ?1").bind(id).first<Record<string, unknown>>();

describe("thumbnail job", () => {
  it("stores large and thumbnail renditions in WebP and JPEG with the aspect ratio kept, under a new version folder", async () => {
    const id = await mediaWithOriginal("media/test-1/original.jpg");
    expect(await makeThumbnails(env, { mediaId: id })).toBe("done");

    const row = await mediaRow(id);
    expect(row).toMatchObject({ thumbnail_status: "ready", thumbnail_error: null, width: 1800, height: 1200 });
    const folder = String(row!.large_webp_key).replace(/\/large\.webp$/, "");
    expect(folder).toMatch(/^media\/test-1\/r[0-9a-z]+$/);
    expect(row).toMatchObject({
      large_key: `${folder}/large.jpg`,
      thumbnail_webp_key: `${folder}/thumb.webp`,
      thumbnail_key: `${folder}/thumb.jpg`,
    });
    const expected = [
      [`${folder}/large.webp`, "image/webp", 1280, 853],
      [`${folder}/large.jpg`, "image/jpeg", 1280, 853],
      [`${folder}/thumb.webp`, "image/webp", 400, 267],
      [`${folder}/thumb.jpg`, "image/jpeg", 400, 267],
    ] as const;
    for (const [key, type, width, height] of expected) {
      const object = await env.MEDIA.get(key);
      expect(object?.httpMetadata?.contentType).toBe(type);
      const info = await env.IMAGES.info(object!.body);
      expect(info).toMatchObject({ format: type, width });
      expect(Math.abs(("height" in info ? info.height : 0) - height)).toBeLessThanOrEqual(1);
    }
  });

  it("a forced run writes new keys, points the item at them, then deletes the old renditions (never the original)", async () => {
    const id = await mediaWithOriginal("media/test-6/original.jpg");
    expect(await makeThumbnails(env, { mediaId: id })).toBe("done");
    const first = (await mediaRow(id))!;
    expect(await makeThumbnails(env, { mediaId: id, force: true })).toBe("done");
    const second = (await mediaRow(id))!;
    for (const column of ["large_key", "large_webp_key", "thumbnail_key", "thumbnail_webp_key"]) {
      expect(second[column]).not.toBe(first[column]);
      expect(await env.MEDIA.head(String(second[column]))).not.toBeNull();
      expect(await env.MEDIA.head(String(first[column]))).toBeNull();
    }
    expect(await env.MEDIA.head("media/test-6/original.jpg")).not.toBeNull();
  });

  it("leaves updatedAt alone, so a moderator who loaded the queue before the job ended still approves the item (200, done)", async () => {
    const id = await mediaWithOriginal("media/test-8/original.jpg");
    const seen = (await mediaRow(id))!.updated_at as string;
    expect(await makeThumbnails(env, { mediaId: id })).toBe("done");
    expect((await mediaRow(id))!).toMatchObject({ thumbnail_status: "ready", updated_at: seen });
    const { token } = await userWithToken(["User", "Moderator"]);
    const res = await call("/api/media/review", { method: "POST", token, json: { decision: "approve", items: [{ id, updatedAt: seen }] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ done: [id], failed: [] });
  });

  it("makes a video's thumbnails from its poster frame and keeps the video's size", async () => {
    await env.MEDIA.put("media/test-7/poster.jpg", original, { httpMetadata: { contentType: "image/jpeg" } });
    const row = await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, original_key, poster_key, width, height) VALUES ('Clip', 'video', 'media/test-7/original.mp4', 'media/test-7/poster.jpg', 640, 360) RETURNING id",
    ).first<{ id: number }>();
    expect(await makeThumbnails(env, { mediaId: row!.id })).toBe("done");
    expect(await mediaRow(row!.id)).toMatchObject({ thumbnail_status: "ready", width: 640, height: 360 });
  });

  it("skips videos without a poster and items that are already done unless forced", async () => {
    const video = await mediaWithOriginal("media/test-2/original.mp4", "video");
    expect(await makeThumbnails(env, { mediaId: video })).toBe("skipped");

    const id = await mediaWithOriginal("media/test-3/original.jpg");
    expect(await makeThumbnails(env, { mediaId: id })).toBe("done");
    expect(await makeThumbnails(env, { mediaId: id })).toBe("skipped");
    expect(await makeThumbnails(env, { mediaId: id, force: true })).toBe("done");
  });

  it("throws (so the queue retries) when the original is missing from R2", async () => {
    const row = await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, original_key) VALUES ('Lost', 'image', 'media/nowhere/original.jpg') RETURNING id",
    ).first<{ id: number }>();
    await expect(makeThumbnails(env, { mediaId: row!.id })).rejects.toThrow(/missing/);
  });
});

describe("queue consumer", () => {
  it("acks a done job and retries a failing one", async () => {
    const ok = await mediaWithOriginal("media/test-4/original.jpg");
    const missing = await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, original_key) VALUES ('Lost', 'image', 'media/gone/original.jpg') RETURNING id",
    ).first<{ id: number }>();
    const batch = createMessageBatch(THUMBNAIL_QUEUE_NAME, [
      { id: "a", timestamp: new Date(), attempts: 1, body: { mediaId: ok } },
      { id: "b", timestamp: new Date(), attempts: 1, body: { mediaId: missing!.id } },
      { id: "c", timestamp: new Date(), attempts: 1, body: { nonsense: true } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["a", "c"]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["b"]);
    expect((await mediaRow(ok))?.thumbnail_status).toBe("ready");
  });

  it("records dead letters for admins and marks the item failed", async () => {
    const id = await mediaWithOriginal("media/test-5/original.jpg");
    const batch = createMessageBatch(THUMBNAIL_DLQ_NAME, [
      { id: "d", timestamp: new Date(), attempts: 4, body: { mediaId: id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["d"]);
    expect((await mediaRow(id))?.thumbnail_status).toBe("failed");
    const failure = await env.DB.prepare("SELECT media_id, attempts, reason FROM thumbnail_failures WHERE media_id = ?1")
      .bind(id)
      .first();
    expect(failure).toEqual({ media_id: id, attempts: 4, reason: "Thumbnail generation failed after all retries." });
  });

  it("a job that keeps failing leaves its error on the item, then ends in the failures table and shows as failed", async () => {
    const lost = await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, original_key) VALUES ('Lost', 'image', 'media/gone-2/original.jpg') RETURNING id",
    ).first<{ id: number }>();
    const id = lost!.id;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const batch = createMessageBatch(THUMBNAIL_QUEUE_NAME, [{ id: `r${attempt}`, timestamp: new Date(), attempts: attempt, body: { mediaId: id } }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      expect((await getQueueResult(batch, ctx)).retryMessages.map((m) => m.msgId)).toEqual([`r${attempt}`]);
    }
    expect(await mediaRow(id)).toMatchObject({ thumbnail_status: "pending", thumbnail_error: "original media/gone-2/original.jpg is missing from R2" });

    const dead = createMessageBatch(THUMBNAIL_DLQ_NAME, [{ id: "x", timestamp: new Date(), attempts: 4, body: { mediaId: id } }]);
    const ctx = createExecutionContext();
    await worker.queue(dead, env, ctx);
    await getQueueResult(dead, ctx);
    expect(await mediaRow(id)).toMatchObject({ thumbnail_status: "failed", thumbnail_error: "original media/gone-2/original.jpg is missing from R2" });
    const failure = await env.DB.prepare("SELECT reason, attempts FROM thumbnail_failures WHERE media_id = ?1").bind(id).first();
    expect(failure).toEqual({ reason: "original media/gone-2/original.jpg is missing from R2", attempts: 4 });
  });
});

describe("bounded thumbnail jobs: the original is streamed, never held whole", () => {
  /** Stores `image` followed by zeros up to `size` bytes, streamed into R2 (the test never holds it whole either). */
  async function putPadded(key: string, image: ArrayBuffer, size: number) {
    const { readable, writable } = new FixedLengthStream(size);
    const stored = env.MEDIA.put(key, readable, { httpMetadata: { contentType: "image/jpeg" } });
    const writer = writable.getWriter();
    await writer.write(new Uint8Array(image));
    const zeros = new Uint8Array(1024 * 1024);
    for (let left = size - image.byteLength; left > 0; left -= zeros.length) await writer.write(left >= zeros.length ? zeros : zeros.subarray(0, left));
    await writer.close();
    await stored;
  }

  async function mediaItem(key: string, size: number) {
    const row = await env.DB.prepare(
      "INSERT INTO media_items (title, media_type, original_key, file_size, is_approved) VALUES ('Big', 'image', ?1, ?2, 1) RETURNING id",
    )
      .bind(key, size)
      .first<{ id: number }>();
    return row!.id;
  }

  it("a 100 MiB original (the largest upload) is thumbnailed from streams: renditions made, item ready", async () => {
    const key = "media/big-100/original.jpg";
    await putPadded(key, original, THUMBNAIL_SOURCE_MAX_BYTES);
    expect((await env.MEDIA.head(key))!.size).toBe(100 * 1024 * 1024);
    const id = await mediaItem(key, THUMBNAIL_SOURCE_MAX_BYTES);
    expect(await makeThumbnails(env, { mediaId: id })).toBe("done");
    const row = await mediaRow(id);
    expect(row).toMatchObject({ thumbnail_status: "ready", width: 1800, height: 1200 });
    const info = await env.IMAGES.info((await env.MEDIA.get(String(row!.thumbnail_webp_key)))!.body);
    expect(info).toMatchObject({ format: "image/webp", width: 400 });
  }, 180_000);

  it("in one batch, an original over 100 MiB and an undecodable one fail their items at once (recorded for moderators, acked, no retry) while a good one is done", async () => {
    const tooBig = "media/big-101/original.jpg";
    await putPadded(tooBig, original, THUMBNAIL_SOURCE_MAX_BYTES + 1);
    const garbage = "media/garbage/original.jpg";
    await env.MEDIA.put(garbage, new Uint8Array(4096).fill(7), { httpMetadata: { contentType: "image/jpeg" } });
    const [big, broken, good] = [
      await mediaItem(tooBig, THUMBNAIL_SOURCE_MAX_BYTES + 1),
      await mediaItem(garbage, 4096),
      await mediaWithOriginal("media/good-in-batch/original.jpg"),
    ];
    const batch = createMessageBatch(THUMBNAIL_QUEUE_NAME, [
      { id: "big", timestamp: new Date(), attempts: 1, body: { mediaId: big } },
      { id: "broken", timestamp: new Date(), attempts: 1, body: { mediaId: broken } },
      { id: "good", timestamp: new Date(), attempts: 1, body: { mediaId: good } },
    ]);
    const ctx = createExecutionContext();
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await worker.queue(batch, env, ctx);
    } finally {
      warnings.mockRestore();
    }
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["big", "broken", "good"]);
    expect(result.retryMessages).toEqual([]);
    expect(await mediaRow(good)).toMatchObject({ thumbnail_status: "ready" });
    expect(await mediaRow(big)).toMatchObject({ thumbnail_status: "failed", thumbnail_error: "The original is 100.0 MB; thumbnails are made from files of at most 100 MB." });
    expect(await mediaRow(broken)).toMatchObject({ thumbnail_status: "failed" });
    expect(String((await mediaRow(broken))!.thumbnail_error)).toMatch(/^The original could not be read as an image/);
    const failures = await env.DB.prepare("SELECT media_id, reason FROM thumbnail_failures WHERE media_id IN (?1, ?2) ORDER BY media_id")
      .bind(big, broken)
      .all<{ media_id: number; reason: string }>();
    expect(failures.results.map((f) => f.media_id)).toEqual([big, broken]);

    // Moderators see why; the admin list's Retry queues it again.
    const moderator = await userWithToken(["User", "Moderator"]);
    const seen = await call(`/api/media/${big}`, { token: moderator.token });
    expect(await seen.json()).toMatchObject({ thumbnailStatus: "failed", thumbnailError: expect.stringContaining("at most 100 MB") });
  }, 180_000);

  it("an image over Cloudflare's pixel limits fails its item at once with the reason (no retry)", async () => {
    const wide = await env.IMAGES.input(tinyStream()).transform({ width: 12_001, height: 10, fit: "cover" }).output({ format: "image/png" });
    const key = "media/too-wide/original.png";
    await env.MEDIA.put(key, await new Response(wide.image()).arrayBuffer(), { httpMetadata: { contentType: "image/png" } });
    const id = await mediaItem(key, 100);
    await expect(makeThumbnails(env, { mediaId: id })).rejects.toThrow(/12001×10 pixels; thumbnails are made from images of at most 12,000 pixels a side/);
  });
});
