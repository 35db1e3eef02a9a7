/** What the thumbnail job reads and writes of a media item. */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { mediaItems, thumbnailFailures } from "../schema";

const NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The fields that decide whether (and from what) renditions are made; null when the item is gone. */
export async function findThumbnailSource(db: Database, mediaId: number) {
  const row = await db
    .select({
      id: mediaItems.id,
      mediaType: mediaItems.mediaType,
      originalKey: mediaItems.originalKey,
      thumbnailWebpKey: mediaItems.thumbnailWebpKey,
      thumbnailStatus: mediaItems.thumbnailStatus,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, mediaId))
    .get();
  return row ?? null;
}

export type RenditionKeys = { largeWebpKey: string; largeKey: string; thumbnailWebpKey: string; thumbnailKey: string };

/** Stores the renditions' R2 keys and the original's size (kept when unknown) and marks the item ready. */
export async function markThumbnailsReady(
  db: Database,
  mediaId: number,
  keys: RenditionKeys,
  size: { width: number | null; height: number | null },
) {
  await db
    .update(mediaItems)
    .set({
      ...keys,
      width: size.width ?? sql`${mediaItems.width}`,
      height: size.height ?? sql`${mediaItems.height}`,
      thumbnailStatus: "ready",
      updatedAt: NOW,
    })
    .where(eq(mediaItems.id, mediaId));
}

/**
 * Records a job that ran out of retries (for admins) and marks the item failed, in one batch.
 * Nothing is recorded for an item that no longer exists.
 */
export async function recordThumbnailFailure(db: Database, mediaId: number, reason: string, attempts: number) {
  await db.batch([
    db.insert(thumbnailFailures).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          mediaId: mediaItems.id,
          reason: sql<string>`${reason}`.as("reason"),
          attempts: sql<number>`${attempts}`.as("attempts"),
          createdAt: sql<string>`${NOW}`.as("created_at"),
        })
        .from(mediaItems)
        .where(eq(mediaItems.id, mediaId)),
    ),
    db.update(mediaItems).set({ thumbnailStatus: "failed" }).where(eq(mediaItems.id, mediaId)),
  ]);
}
