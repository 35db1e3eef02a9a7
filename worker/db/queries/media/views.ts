/**
 * View counting of a media item (POST /api/media/:id/view).
 */
import { and, eq, exists, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "../../client";
import { mediaItems, mediaViews } from "../../schema";

/**
 * Counts a view of an approved item unless this visitor already viewed it today, and prunes
 * view rows older than yesterday, in one batch. Answers null when the item is not visible; then
 * nothing at all is written (every statement is conditional on the approved item).
 */
export async function recordView(db: Database, mediaId: number, visitor: string, day: string, yesterday: string) {
  const approved = db
    .select({ one: sql`1` })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true)));
  const seen = db
    .select({ one: sql`1` })
    .from(mediaViews)
    .where(and(eq(mediaViews.mediaId, mediaId), eq(mediaViews.visitor, visitor), eq(mediaViews.day, day)));
  const [item, updated] = await db.batch([
    db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true))),
    db
      .update(mediaItems)
      .set({ viewCount: sql`${mediaItems.viewCount} + 1` })
      .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true), notExists(seen)))
      .returning({ id: mediaItems.id }),
    db.insert(mediaViews).select(
      db
        .select({ mediaId: mediaItems.id, visitor: sql<string>`${visitor}`.as("visitor"), day: sql<string>`${day}`.as("day") })
        .from(mediaItems)
        .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true))),
    ).onConflictDoNothing(),
    db.delete(mediaViews).where(and(lt(mediaViews.day, yesterday), exists(approved))),
  ]);
  if (!item.length) return null;
  return { counted: updated.length > 0 };
}
