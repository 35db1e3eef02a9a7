/**
 * Thumbnail jobs. A message `{ mediaId, force? }` makes the large (1280 wide) and thumbnail
 * (400 wide) renditions of a media item's original (a video's poster frame), each as WebP and
 * JPEG with the aspect ratio kept, through the Images binding, stores them in R2 under a new
 * version folder beside the original, marks the item ready and deletes the renditions it
 * replaced. Failures retry with backoff and leave their error on the item; after the queue's
 * max_retries the message lands in the dead-letter queue, whose consumer records the failure for
 * moderators and marks the item failed. Jobs are sent by the admin routes
 * (worker/routes/media/items.ts, worker/routes/thumbnails.ts) and by uploads.
 */
import { z } from "zod";
import {
  recordThumbnailError,
  recordThumbnailFailure,
  saveRenditions,
  thumbnailSourceOf,
  unreferencedKeys,
  type RenditionKeys,
} from "../db/queries/media";
import { openDatabase } from "../db/client";

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

/**
 * Makes and stores the renditions of one media item, points the item at them and then deletes
 * the renditions it replaced. Returns what happened, for logs and tests. Throws on failures worth
 * retrying (R2 or Images errors).
 */
export async function makeThumbnails(env: Env, job: ThumbnailJob): Promise<"done" | "skipped"> {
  const db = dbOf(env);
  const row = await thumbnailSourceOf(db, job.mediaId);
  // Deleted items, external originals and videos without a poster have nothing to resize.
  if (!row || !row.source) return "skipped";
  if (row.thumbnailStatus === "ready" && row.thumbnailWebpKey && row.largeWebpKey && !job.force) return "skipped";

  const original = await env.MEDIA.get(row.source);
  if (!original) throw new Error(`original ${row.source} is missing from R2`);
  const bytes = await original.arrayBuffer();
  const stream = () => new Blob([bytes]).stream();

  const info = await env.IMAGES.info(stream());
  const width = "width" in info ? info.width : null;
  const height = "height" in info ? info.height : null;
  const folder = `${folderOf(row.source)}/${newVersion()}`;

  const keys = {} as RenditionKeys;
  for (const rendition of RENDITIONS) {
    const targetWidth = width ? Math.min(width, rendition.width) : rendition.width;
    const result = await env.IMAGES.input(stream())
      .transform({ width: targetWidth, fit: "scale-down" })
      .output({ format: rendition.format, quality: rendition.format === "image/webp" ? 80 : 82 });
    const key = `${folder}/${rendition.name}`;
    // R2 needs a known length; renditions are small, so buffer them.
    await env.MEDIA.put(key, await new Response(result.image()).arrayBuffer(), {
      httpMetadata: { contentType: rendition.format, cacheControl: "public, max-age=31536000, immutable" },
    });
    keys[rendition.field] = key;
  }

  // A video's poster says nothing about the video's size: keep the recorded one.
  const isPoster = row.source === row.posterKey;
  const replaced = await saveRenditions(db, row.id, keys, isPoster ? { width: null, height: null } : { width, height });
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
      console.error(JSON.stringify({ level: "error", where: "thumbnails", mediaId: parsed.data.mediaId, attempt: message.attempts, error: String(err) }));
      // Moderators read this: the first line of the message, without the stack a binding may append.
      const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();
      await recordThumbnailError(dbOf(env), parsed.data.mediaId, reason).catch(() => {});
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** (message.attempts - 1)) });
    }
  }
}
