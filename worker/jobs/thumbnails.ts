/**
 * Thumbnail jobs. A message `{ mediaId, force? }` makes the large (1280 wide) and
 * thumbnail (400 wide) renditions of a media item's original, each as WebP and JPEG with the
 * aspect ratio kept, through the Images binding, stores them in R2 next to the original and marks
 * the item ready. Failures retry with backoff; after the queue's max_retries the message lands in
 * the dead-letter queue, whose consumer records the failure for admins and marks the item failed.
 */
import { z } from "zod";
import { openDatabase } from "../db/client";
import { findThumbnailSource, markThumbnailsReady, recordThumbnailFailure, type RenditionKeys } from "../db/queries/thumbnails";

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
] as const satisfies readonly { field: keyof RenditionKeys; name: string; width: number; format: string }[];

/** Folder of an R2 key: renditions are stored beside the original. */
const folderOf = (key: string) => (key.includes("/") ? key.slice(0, key.lastIndexOf("/")) : "media");

/**
 * Makes and stores the renditions of one media item. Returns what happened, for logs and tests.
 * Throws on failures worth retrying (R2 or Images errors).
 */
export async function makeThumbnails(env: Env, job: ThumbnailJob): Promise<"done" | "skipped"> {
  const db = openDatabase(env.DB);
  const row = await findThumbnailSource(db, job.mediaId);
  // Deleted items and external or video originals have nothing to resize.
  if (!row || !row.originalKey || row.mediaType === "video") return "skipped";
  if (row.thumbnailStatus === "ready" && row.thumbnailWebpKey && !job.force) return "skipped";

  const original = await env.MEDIA.get(row.originalKey);
  if (!original) throw new Error(`original ${row.originalKey} is missing from R2`);
  const bytes = await original.arrayBuffer();
  const stream = () => new Blob([bytes]).stream();

  const info = await env.IMAGES.info(stream());
  const width = "width" in info ? info.width : null;
  const height = "height" in info ? info.height : null;
  const folder = folderOf(row.originalKey);

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

  await markThumbnailsReady(db, row.id, keys, { width, height });
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
      await recordThumbnailFailure(
        openDatabase(env.DB),
        parsed.data.mediaId,
        "Thumbnail generation failed after all retries.",
        message.attempts,
      );
      message.ack();
      continue;
    }
    try {
      await makeThumbnails(env, parsed.data);
      message.ack();
    } catch (err) {
      console.error(JSON.stringify({ level: "error", where: "thumbnails", mediaId: parsed.data.mediaId, attempt: message.attempts, error: String(err) }));
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** (message.attempts - 1)) });
    }
  }
}
