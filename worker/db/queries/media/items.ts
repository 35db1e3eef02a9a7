/**
 * One media item (GET/PUT/DELETE /api/media/:id, POST /api/media): its read, its writes and
 * their audit rows in one atomic batch, and which of its R2 keys may go.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../client";
import type { MediaItemInput } from "../../../../shared/schemas/media";
import { auditLog, factions, mediaCategories, mediaItems } from "../../schema";
import { auditRow } from "../game-common";
import { guarded, nextStamp, sameStamp, stampedId, type StaleOrMissing } from "../versioned";
import { selectItems, type MediaRow } from "./common";

/** One item (null when missing, or unapproved and `includeUnapproved` is false). */
export async function getMedia(db: Database, id: number, includeUnapproved: boolean): Promise<MediaRow | null> {
  // As a batch, so a page that reads it with others (the gallery opened on one item) sends one round trip.
  const [rows] = await db.batch([
    selectItems(db).where(includeUnapproved ? eq(mediaItems.id, id) : and(eq(mediaItems.id, id), eq(mediaItems.isApproved, true))),
  ]);
  return (rows[0] as MediaRow | undefined) ?? null;
}

/** Which of a category and a faction exist (one batch), for validating writes. */
export async function referencesExist(db: Database, categoryId: number, factionId: number | null) {
  const [category, faction] = await db.batch([
    db.select({ id: mediaCategories.id }).from(mediaCategories).where(eq(mediaCategories.id, categoryId)),
    db.select({ id: factions.id }).from(factions).where(eq(factions.id, factionId ?? 0)),
  ]);
  return { category: category.length > 0, faction: factionId === null || faction.length > 0 };
}

/**
 * True when the R2 key belongs to an approved item (its files are public; any other key under
 * media/ is private). Each key column is indexed, so this is one indexed lookup per column.
 */
export async function isPublicMediaKey(db: Database, key: string): Promise<boolean> {
  const row = await db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.isApproved, true),
        or(
          eq(mediaItems.originalKey, key),
          eq(mediaItems.largeKey, key),
          eq(mediaItems.largeWebpKey, key),
          eq(mediaItems.thumbnailKey, key),
          eq(mediaItems.thumbnailWebpKey, key),
          eq(mediaItems.posterKey, key),
        ),
      ),
    )
    .limit(1)
    .get();
  return !!row;
}

type Audit = { userId: number; details: Record<string, unknown> };

const editable = (input: MediaItemInput) => ({
  title: input.title,
  description: input.description,
  mediaType: input.mediaType,
  altText: input.altText,
  caption: input.caption,
  tags: input.tags,
  categoryId: input.categoryId,
  factionId: input.factionId,
  isApproved: input.isApproved,
  isFeatured: input.isFeatured,
  sortOrder: input.sortOrder,
});

export type NewMedia = MediaItemInput & {
  originalKey: string | null;
  originalUrl: string | null;
  contentType: string | null;
  fileSize: number;
  width: number | null;
  height: number | null;
  uploadedBy: number;
};

/** Inserts a pending, unfeatured item and its audit row atomically; answers the stored item. */
export async function createMedia(db: Database, input: NewMedia, audit: Audit): Promise<MediaRow> {
  const newId = sql`(SELECT max(${mediaItems.id}) FROM ${mediaItems})`;
  const hasSource = !!input.originalKey && input.mediaType !== "video";
  const [, , rows] = await db.batch([
    db.insert(mediaItems).values({
      ...editable(input),
      isApproved: false,
      isFeatured: false,
      originalKey: input.originalKey,
      originalUrl: input.originalUrl,
      contentType: input.contentType,
      fileSize: input.fileSize,
      width: input.width,
      height: input.height,
      uploadedBy: input.uploadedBy,
      // Nothing to resize (videos without a poster, external originals) counts as done.
      thumbnailStatus: hasSource ? "pending" : "ready",
    }),
    db.insert(auditLog).values({
      userId: audit.userId,
      action: "create",
      entityType: "media",
      entityId: sql`CAST(${newId} AS TEXT)`,
      details: JSON.stringify(audit.details),
    }),
    selectItems(db).where(eq(mediaItems.id, newId)),
  ]);
  return rows[0] as MediaRow;
}

/**
 * Replaces the editable fields with a new stamp and writes the audit row, a versioned write
 * guarded by the stamp `before` carries (./versioned.ts); answers the stored item, or the item
 * as it is now when someone else wrote it meanwhile (stale), or not found.
 */
export async function updateMedia(
  db: Database,
  before: MediaRow,
  input: MediaItemInput,
  audit: Audit,
): Promise<{ ok: true; value: MediaRow } | StaleOrMissing<MediaRow>> {
  const id = before.id;
  const stamp = nextStamp(before.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(mediaItems)
          // Approving (the toggle sends the whole item) ends a rejection.
          .set({ ...editable(input), ...(input.isApproved ? { rejectedAt: null, rejectionReason: null } : {}), updatedAt: stamp })
          .where(sameStamp(mediaItems, id, before.updatedAt)),
        auditRow(db, audit, "update", "media", sql`CAST(${stampedId(mediaItems, id, stamp)} AS TEXT)`, audit.details),
        selectItems(db).where(eq(mediaItems.id, id)),
      ]),
    () => getMedia(db, id, true),
  );
  if (!written.ok) return written;
  const row = written.value[2][0] as MediaRow | undefined;
  return row ? { ok: true, value: row } : { ok: false, kind: "not_found" };
}

/** The fields a PUT changes compared with the stored item (for the audit details). */
export function changedMediaFields(before: MediaRow, after: MediaItemInput): Partial<MediaItemInput> {
  const changes: Record<string, unknown> = {};
  const next = editable(after);
  for (const [name, value] of Object.entries(next)) {
    if (before[name as keyof MediaRow] !== value) changes[name] = value;
  }
  return changes as Partial<MediaItemInput>;
}

/** Deletes the item with its audit row; answers whether it existed. */
export async function deleteMedia(db: Database, row: MediaRow, userId: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.insert(auditLog).values({
      userId,
      action: "delete",
      entityType: "media",
      entityId: String(row.id),
      details: JSON.stringify({ title: row.title, isApproved: row.isApproved }),
    }),
    db.delete(mediaItems).where(eq(mediaItems.id, row.id)).returning({ id: mediaItems.id }),
  ]);
  return deleted.length > 0;
}

/** Which of these keys no remaining item refers to (so they can leave R2). */
export async function unreferencedKeys(db: Database, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const used = await db
    .select({ a: mediaItems.originalKey, b: mediaItems.largeKey, c: mediaItems.largeWebpKey, d: mediaItems.thumbnailKey, e: mediaItems.thumbnailWebpKey, f: mediaItems.posterKey })
    .from(mediaItems)
    .where(
      or(
        inArray(mediaItems.originalKey, keys),
        inArray(mediaItems.largeKey, keys),
        inArray(mediaItems.largeWebpKey, keys),
        inArray(mediaItems.thumbnailKey, keys),
        inArray(mediaItems.thumbnailWebpKey, keys),
        inArray(mediaItems.posterKey, keys),
      ),
    );
  const still = new Set(used.flatMap((r) => Object.values(r)));
  return keys.filter((k) => !still.has(k));
}
