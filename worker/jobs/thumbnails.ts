/**
 * Thumbnail jobs. A message `{ mediaId, force? }` makes the large (1280 wide) and thumbnail
 * (400 wide) renditions of a media item's original (a video's poster frame), each as WebP and
 * JPEG with the aspect ratio kept, through the Images binding, stores them in R2 under a new
 * version folder beside the original, marks the item ready and deletes the renditions it
 * replaced. The original is never held in memory: each Images call reads it from R2 as a stream
 * (its size from the first MiB), so the job's memory stays flat up to the largest upload.
 * An original over the limits (THUMBNAIL_SOURCE_MAX_BYTES, Cloudflare's pixel limits) or one the
 * Images binding cannot read fails its item at once (recorded for moderators, no retries); other
 * failures retry with backoff and leave their error on the item; after the queue's max_retries
 * the message lands in the dead-letter queue, whose consumer records the failure for moderators
 * and marks the item failed. One item's failure never fails the others of its batch. Jobs are sent
 * by the admin routes (worker/routes/media/items.ts, worker/routes/thumbnails.ts) and by uploads.
 */
import { z } from "zod";
import { unreferencedKeys } from "../db/queries/media/items";
import { recordThumbnailError, recordThumbnailFailure, saveRenditions, thumbnailSourceOf, type RenditionKeys } from "../db/queries/media/thumbnails";
import { openDatabase } from "../db/client";
import { primaryDatabase } from "../db/session";
import { startEdgeGeneration } from "../lib/edge-cache";
import { BYTES_PER_MB } from "../../shared/schemas/uploads";
import { MAX_UPLOAD_MB_MAX } from "../../shared/schemas/settings";

export const THUMBNAIL_QUEUE_NAME = "realm-codex-thumbnails";
export const THUMBNAIL_DLQ_NAME = "realm-codex-thumbnails-dlq";

export const thumbnailJobSchema = z.object({
  mediaId: z.number().int().positive(),
  force: z.boolean().optional(),
});
export type ThumbnailJob = z.infer<typeof thumbnailJobSchema>;

export const RENDITIONS = [
  { field: "largeWebpKey", name: "large.webp", width: 1280, format: "image/webp" },
  { field: "largeKey", name: "large.jpg", width: 1280, format: "image/jpeg" },
  { field: "thumbnailWebpKey", name: "thumb.webp", width: 400, format: "image/webp" },
  { field: "thumbnailKey", name: "thumb.jpg", width: 400, format: "image/jpeg" },
] as const;

/** Folder of an R2 key: renditions are stored beside the original. */
const folderOf = (key: string) => (key.includes("/") ? key.slice(0, key.lastIndexOf("/")) : "media");

/**
 * A new version folder name per job run. `/files/*` serves every key as immutable for a year,
 * so renditions are never overwritten in place: each run writes under a fresh folder and the
 * item is pointed at it afterwards.
 */
const newVersion = () => `r${Date.now().toString(36)}${crypto.getRandomValues(new Uint8Array(3)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "")}`;

const dbOf = (env: Env) => openDatabase(env.DB);

/** The largest original a job resizes: the largest upload the settings allow (100 MiB). */
export const THUMBNAIL_SOURCE_MAX_BYTES = MAX_UPLOAD_MB_MAX * BYTES_PER_MB;
/** Cloudflare's Images limits for transforming an image: 12,000 pixels a side, 100 megapixels. */
export const THUMBNAIL_SOURCE_MAX_SIDE = 12_000;
export const THUMBNAIL_SOURCE_MAX_PIXELS = 100_000_000;
/** The bytes read for an original's size: its header and metadata sit at the start. */
const INFO_BYTES = 1024 * 1024;

/** A job that can never succeed for this item (too large, not an image): failed at once, not retried. */
export class ThumbnailRefused extends Error {}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();

/** The original's R2 body, streamed (the caller hands it to the Images binding). */
async function originalStream(env: Env, key: string, range?: R2Range): Promise<ReadableStream> {
  const object = await env.MEDIA.get(key, range ? { range } : undefined);
  if (!object) throw new Error(`original ${key} is missing from R2`);
  return object.body;
}

/** Width and height of the original from its first MiB (the whole of it, streamed, if that is not enough). */
async function originalInfo(env: Env, key: string, size: number): Promise<{ width: number | null; height: number | null }> {
  const read = async (range?: R2Range) => {
    const info = await env.IMAGES.info(await originalStream(env, key, range));
    return "width" in info ? { width: info.width, height: info.height } : { width: null, height: null };
  };
  try {
    return await read(size > INFO_BYTES ? { offset: 0, length: INFO_BYTES } : undefined);
  } catch (first) {
    if (size <= INFO_BYTES) throw new ThumbnailRefused(`The original could not be read as an image (${firstLine(first)}).`);
  }
  try {
    return await read();
  } catch (err) {
    throw new ThumbnailRefused(`The original could not be read as an image (${firstLine(err)}).`);
  }
}

/**
 * Makes and stores the renditions of one media item, points the item at them and then deletes
 * the renditions it replaced. Returns what happened, for logs and tests. Throws ThumbnailRefused
 * for an original no retry can help, other errors on failures worth retrying (R2 or Images).
 * Its reads and writes go to D1's primary; for an approved item the swap starts a new edge-cache
 * generation carrying that bookmark, so no guest answer keeps naming the deleted renditions.
 */
export async function makeThumbnails(env: Env, job: ThumbnailJob): Promise<"done" | "skipped"> {
  const { db, bookmark } = primaryDatabase(env.DB);
  const row = await thumbnailSourceOf(db, job.mediaId);
  // Deleted items, external originals and videos without a poster have nothing to resize.
  if (!row || !row.source) return "skipped";
  if (row.thumbnailStatus === "ready" && row.thumbnailWebpKey && row.largeWebpKey && !job.force) return "skipped";

  const stored = await env.MEDIA.head(row.source);
  if (!stored) throw new Error(`original ${row.source} is missing from R2`);
  if (stored.size > THUMBNAIL_SOURCE_MAX_BYTES) {
    throw new ThumbnailRefused(
      `The original is ${(stored.size / BYTES_PER_MB).toFixed(1)} MB; thumbnails are made from files of at most ${MAX_UPLOAD_MB_MAX} MB.`,
    );
  }
  const { width, height } = await originalInfo(env, row.source, stored.size);
  if (width && height && (width > THUMBNAIL_SOURCE_MAX_SIDE || height > THUMBNAIL_SOURCE_MAX_SIDE || width * height > THUMBNAIL_SOURCE_MAX_PIXELS)) {
    throw new ThumbnailRefused(
      `The image is ${width}×${height} pixels; thumbnails are made from images of at most ${THUMBNAIL_SOURCE_MAX_SIDE.toLocaleString("en")} pixels a side and 100 megapixels.`,
    );
  }
  const folder = `${folderOf(row.source)}/${newVersion()}`;

  const keys = {} as RenditionKeys;
  for (const rendition of RENDITIONS) {
    const targetWidth = width ? Math.min(width, rendition.width) : rendition.width;
    // Each rendition streams the original from R2 again: it is never held whole in memory.
    const result = await env.IMAGES.input(await originalStream(env, row.source))
      .transform({ width: targetWidth, fit: "scale-down" })
      .output({ format: rendition.format, quality: rendition.format === "image/webp" ? 80 : 82 });
    const key = `${folder}/${rendition.name}`;
    // R2 needs a known length; renditions are at most 1280 pixels wide, so buffer them.
    await env.MEDIA.put(key, await new Response(result.image()).arrayBuffer(), { httpMetadata: { contentType: rendition.format } });
    keys[rendition.field] = key;
  }

  // A video's poster says nothing about the video's size: keep the recorded one.
  const isPoster = row.source === row.posterKey;
  const replaced = await saveRenditions(db, row.id, keys, isPoster ? { width: null, height: null } : { width, height });
  if (row.isApproved) await startEdgeGeneration(bookmark());
  if (replaced.length) await env.MEDIA.delete(await unreferencedKeys(db, replaced));
  return "done";
}

/** Queue consumer for both the thumbnail queue and its dead-letter queue. */
export async function handleThumbnailBatch(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const deadLetters = batch.queue === THUMBNAIL_DLQ_NAME;
  for (const message of batch.messages) {
    const parsed = thumbnailJobSchema.safeParse(message.body);
    if (!parsed.success) {
      // A malformed job can never succeed: drop it rather than retry forever.
      console.error(JSON.stringify({ level: "error", where: "thumbnails", problem: "malformed job", body: message.body }));
      message.ack();
      continue;
    }
    if (deadLetters) {
      await recordThumbnailFailure(dbOf(env), parsed.data.mediaId, message.attempts);
      message.ack();
      continue;
    }
    try {
      await makeThumbnails(env, parsed.data);
      message.ack();
    } catch (err) {
      if (err instanceof ThumbnailRefused) {
        // No retry can help: the item fails now, with the reason moderators see.
        console.warn(JSON.stringify({ level: "warn", where: "thumbnails", mediaId: parsed.data.mediaId, refused: err.message }));
        try {
          await recordThumbnailError(dbOf(env), parsed.data.mediaId, err.message);
          await recordThumbnailFailure(dbOf(env), parsed.data.mediaId, message.attempts);
          message.ack();
        } catch {
          message.retry({ delaySeconds: 5 });
        }
        continue;
      }
      console.error(JSON.stringify({ level: "error", where: "thumbnails", mediaId: parsed.data.mediaId, attempt: message.attempts, error: String(err) }));
      // Moderators read this: the first line of the message, without the stack a binding may append.
      const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();
      await recordThumbnailError(dbOf(env), parsed.data.mediaId, reason).catch(() => {});
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** (message.attempts - 1)) });
    }
  }
}
