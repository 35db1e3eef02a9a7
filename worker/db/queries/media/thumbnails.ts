/**
 * The thumbnail job's SQL (worker/jobs/thumbnails.ts) and the admins' re-queueing
 * (/api/thumbnails, an item's Retry).
 */
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../client";
import type { ThumbnailStatus } from "../../../../shared/schemas/media";
import { mediaItems, thumbnailFailures } from "../../schema";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The image a job resizes: the original of images and GIFs, the poster frame of videos. */
const thumbnailSource = sql<string | null>`CASE WHEN ${mediaItems.mediaType} = 'video' THEN ${mediaItems.posterKey} ELSE ${mediaItems.originalKey} END`;

export type ThumbnailSourceRow = {
  id: number;
  source: string | null;
  isApproved: boolean;
  thumbnailStatus: ThumbnailStatus;
  largeWebpKey: string | null;
  thumbnailWebpKey: string | null;
  posterKey: string | null;
};

export async function thumbnailSourceOf(db: Database, id: number): Promise<ThumbnailSourceRow | null> {
  const row = await db
    .select({
      id: mediaItems.id,
      source: thumbnailSource,
      isApproved: mediaItems.isApproved,
      thumbnailStatus: mediaItems.thumbnailStatus,
      largeWebpKey: mediaItems.largeWebpKey,
      thumbnailWebpKey: mediaItems.thumbnailWebpKey,
      posterKey: mediaItems.posterKey,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, id))
    .get();
  return row ?? null;
}

export type RenditionKeys = { largeWebpKey: string; largeKey: string; thumbnailWebpKey: string; thumbnailKey: string };

/**
 * Points the item at its new renditions and answers the keys it pointed at before, read in the
 * same transaction (so two jobs racing on one item each delete exactly what they replaced).
 */
export async function saveRenditions(
  db: Database,
  id: number,
  keys: RenditionKeys,
  size: { width: number | null; height: number | null },
): Promise<string[]> {
  const [before] = await db.batch([
    db
      .select({
        largeKey: mediaItems.largeKey,
        largeWebpKey: mediaItems.largeWebpKey,
        thumbnailKey: mediaItems.thumbnailKey,
        thumbnailWebpKey: mediaItems.thumbnailWebpKey,
        originalKey: mediaItems.originalKey,
        posterKey: mediaItems.posterKey,
      })
      .from(mediaItems)
      .where(eq(mediaItems.id, id)),
    db
      .update(mediaItems)
      .set({
        ...keys,
        width: size.width !== null ? size.width : sql`${mediaItems.width}`,
        height: size.height !== null ? size.height : sql`${mediaItems.height}`,
        thumbnailStatus: "ready",
        thumbnailError: null,
        // Not updatedAt: that is the version people edit and review against, and renditions are
        // no edit (a moderator who opened the queue before the job ended must still approve).
      })
      .where(eq(mediaItems.id, id)),
  ]);
  const old = before[0];
  if (!old) return [];
  const keep = new Set([...Object.values(keys), old.originalKey, old.posterKey]);
  return [old.largeKey, old.largeWebpKey, old.thumbnailKey, old.thumbnailWebpKey].filter(
    (k): k is string => !!k && !keep.has(k),
  );
}

/** Remembers why the last attempt failed (shown to moderators, copied into the failure row). */
export async function recordThumbnailError(db: Database, id: number, error: string): Promise<void> {
  await db.update(mediaItems).set({ thumbnailError: error.slice(0, 500) }).where(eq(mediaItems.id, id));
}

export const GAVE_UP_REASON = "Thumbnail generation failed after all retries.";

/** A job that exhausted its retries: a failure row for admins and the item marked failed. */
export async function recordThumbnailFailure(db: Database, id: number, attempts: number): Promise<void> {
  const reason = sql<string>`COALESCE(${mediaItems.thumbnailError}, ${GAVE_UP_REASON})`;
  await db.batch([
    db.insert(thumbnailFailures).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          mediaId: mediaItems.id,
          reason: reason.as("reason"),
          attempts: sql<number>`${attempts}`.as("attempts"),
          createdAt: NOW.as("created_at"),
        })
        .from(mediaItems)
        .where(eq(mediaItems.id, id)),
    ),
    db
      .update(mediaItems)
      .set({ thumbnailStatus: "failed", thumbnailError: sql`${reason}` })
      .where(eq(mediaItems.id, id)),
  ]);
}

/**
 * Marks items pending for a new thumbnail job and answers their ids: with `force` every item that
 * has an image to resize, otherwise those missing a WebP rendition.
 */
export async function queueRegeneration(db: Database, force: boolean): Promise<number[]> {
  const missing = or(isNull(mediaItems.largeWebpKey), isNull(mediaItems.thumbnailWebpKey));
  const rows = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(force ? isNotNull(thumbnailSource) : and(isNotNull(thumbnailSource), missing))
    .returning({ id: mediaItems.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Items whose job is pending or failed (and that have an image): marked pending again. */
export async function queueSync(db: Database): Promise<number[]> {
  const rows = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(and(isNotNull(thumbnailSource), inArray(mediaItems.thumbnailStatus, ["pending", "failed"])))
    .returning({ id: mediaItems.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** One item queued again (the admin list's Retry). Null when it has no image to resize. */
export async function queueOne(db: Database, id: number): Promise<number | null> {
  const row = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(and(eq(mediaItems.id, id), isNotNull(thumbnailSource)))
    .returning({ id: mediaItems.id })
    .get();
  return row?.id ?? null;
}
