/**
 * Thumbnail jobs (DESIGN.md §6). A message `{ mediaId, force? }` makes the large (1280 wide) and
 * thumbnail (400 wide) renditions of a media item's original, each as WebP and JPEG with the
 * aspect ratio kept, through the Images binding, stores them in R2 next to the original and marks
 * the item ready. Failures retry with backoff; after the queue's max_retries the message lands in
 * the dead-letter queue, whose consumer records the failure for admins and marks the item failed.
 */
import { z } from "zod";

export const THUMBNAIL_QUEUE_NAME = "realm-codex-thumbnails";
export const THUMBNAIL_DLQ_NAME = "realm-codex-thumbnails-dlq";

export const thumbnailJobSchema = z.object({
  mediaId: z.number().int().positive(),
  force: z.boolean().optional(),
});
export type ThumbnailJob = z.infer<typeof thumbnailJobSchema>;

export const RENDITIONS = [
  { column: "large_webp_key", name: "large.webp", width: 1280, format: "image/webp" },
  { column: "large_key", name: "large.jpg", width: 1280, format: "image/jpeg" },
  { column: "thumbnail_webp_key", name: "thumb.webp", width: 400, format: "image/webp" },
  { column: "thumbnail_key", name: "thumb.jpg", width: 400, format: "image/jpeg" },
] as const;

type MediaRow = {
  id: number;
  media_type: string;
  original_key: string | null;
  thumbnail_webp_key: string | null;
  thumbnail_status: string;
};

/** Folder of an R2 key: renditions are stored beside the original. */
const folderOf = (key: string) => (key.includes("/") ? key.slice(0, key.lastIndexOf("/")) : "media");

/**
 * Makes and stores the renditions of one media item. Returns what happened, for logs and tests.
 * Throws on failures worth retrying (R2 or Images errors).
 */
export async function makeThumbnails(env: Env, job: ThumbnailJob): Promise<"done" | "skipped"> {
  const row = await env.DB.prepare(
    "SELECT id, media_type, original_key, thumbnail_webp_key, thumbnail_status FROM media_items WHERE id = ?1",
  )
    .bind(job.mediaId)
    .first<MediaRow>();
  // Deleted items and external or video originals have nothing to resize.
  if (!row || !row.original_key || row.media_type === "video") return "skipped";
  if (row.thumbnail_status === "ready" && row.thumbnail_webp_key && !job.force) return "skipped";

  const original = await env.MEDIA.get(row.original_key);
  if (!original) throw new Error(`original ${row.original_key} is missing from R2`);
  const bytes = await original.arrayBuffer();
  const stream = () => new Blob([bytes]).stream();

  const info = await env.IMAGES.info(stream());
  const width = "width" in info ? info.width : null;
  const height = "height" in info ? info.height : null;
  const folder = folderOf(row.original_key);

  const keys: Record<string, string> = {};
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
    keys[rendition.column] = key;
  }

  await env.DB.prepare(
    `UPDATE media_items
        SET large_webp_key = ?2, large_key = ?3, thumbnail_webp_key = ?4, thumbnail_key = ?5,
            width = COALESCE(?6, width), height = COALESCE(?7, height),
            thumbnail_status = 'ready', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE id = ?1`,
  )
    .bind(row.id, keys.large_webp_key, keys.large_key, keys.thumbnail_webp_key, keys.thumbnail_key, width, height)
    .run();
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
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO thumbnail_failures (media_id, reason, attempts) SELECT id, ?2, ?3 FROM media_items WHERE id = ?1",
        ).bind(parsed.data.mediaId, "Thumbnail generation failed after all retries.", message.attempts),
        env.DB.prepare("UPDATE media_items SET thumbnail_status = 'failed' WHERE id = ?1").bind(parsed.data.mediaId),
      ]);
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
