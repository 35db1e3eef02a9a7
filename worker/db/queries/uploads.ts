/**
 * Unfinished uploads and the parts R2 has of them, over D1 through drizzle. Every lookup names
 * the owner too: another user's upload is simply not found. Completion writes the media item,
 * its audit row and the removal of the upload in one atomic batch.
 */
import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { UPLOAD_TTL_MS, type Upload, type UploadContentType, type UploadState } from "../../../shared/schemas/uploads";
import type { MediaType } from "../../../shared/schemas/media";
import { auditLog, mediaItems, uploadParts, uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;
export type PartRow = { partNumber: number; etag: string; size: number };

/** The answer shape of an upload with the part numbers the server has. */
export const toUploadDto = (row: UploadRow, parts: Pick<PartRow, "partNumber">[]): Upload => ({
  id: row.id,
  partSize: row.partSize,
  partCount: row.partCount,
  receivedParts: parts.map((p) => p.partNumber).sort((a, b) => a - b),
  status: row.status as UploadState,
  fileName: row.fileName,
  size: row.size,
  contentType: row.contentType as UploadContentType,
  title: row.title,
  categoryId: row.categoryId,
  factionId: row.factionId,
  description: row.description,
  hasPoster: row.posterKey !== null,
  createdAt: row.createdAt,
  expiresAt: new Date(Date.parse(row.createdAt) + UPLOAD_TTL_MS).toISOString(),
});

const owned = (id: string, userId: number) => and(eq(uploads.id, id), eq(uploads.userId, userId));

const partColumns = { partNumber: uploadParts.partNumber, etag: uploadParts.etag, size: uploadParts.size };

export type NewUpload = Omit<UploadRow, "createdAt" | "status" | "posterKey">;

/** Stores a new upload (status uploading, no parts); answers the stored row. */
export async function insertUpload(db: Database, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/** How many unfinished uploads the user has. */
export async function countUploads(db: Database, userId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId)).get();
  return row?.n ?? 0;
}

/** One of the user's uploads with its parts (one round trip), or null. */
export async function getUpload(db: Database, id: string, userId: number): Promise<{ row: UploadRow; parts: PartRow[] } | null> {
  const [rows, parts] = await db.batch([
    db.select().from(uploads).where(owned(id, userId)),
    db
      .select(partColumns)
      .from(uploadParts)
      .innerJoin(uploads, eq(uploads.id, uploadParts.uploadId))
      .where(owned(id, userId))
      .orderBy(asc(uploadParts.partNumber)),
  ]);
  return rows[0] ? { row: rows[0], parts } : null;
}

/** The user's unfinished uploads, newest first, with their part numbers (one round trip). */
export async function listUploads(db: Database, userId: number): Promise<Upload[]> {
  const [rows, parts] = await db.batch([
    db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(desc(uploads.createdAt), desc(uploads.id)),
    db
      .select({ uploadId: uploadParts.uploadId, partNumber: uploadParts.partNumber })
      .from(uploadParts)
      .innerJoin(uploads, eq(uploads.id, uploadParts.uploadId))
      .where(eq(uploads.userId, userId)),
  ]);
  return rows.map((row) => toUploadDto(row, parts.filter((p) => p.uploadId === row.id)));
}

/**
 * Records (or replaces) a part of an upload that is still uploading and answers every part
 * number received so far; null when the upload is gone or completing (nothing written then).
 */
export async function recordPart(db: Database, uploadId: string, userId: number, part: PartRow): Promise<number[] | null> {
  const [written, parts] = await db.batch([
    db
      .insert(uploadParts)
      .select(
        db
          .select({
            uploadId: uploads.id,
            partNumber: sql<number>`${part.partNumber}`.as("part_number"),
            etag: sql<string>`${part.etag}`.as("etag"),
            size: sql<number>`${part.size}`.as("size"),
            createdAt: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`.as("created_at"),
          })
          .from(uploads)
          .where(and(owned(uploadId, userId), eq(uploads.status, "uploading"))),
      )
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { etag: part.etag, size: part.size, createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
      })
      .returning({ partNumber: uploadParts.partNumber }),
    db.select({ partNumber: uploadParts.partNumber }).from(uploadParts).where(eq(uploadParts.uploadId, uploadId)).orderBy(asc(uploadParts.partNumber)),
  ]);
  return written.length ? parts.map((p) => p.partNumber) : null;
}

/** Points a still-uploading upload at its (new) poster; false when it is gone or completing. */
export async function setPoster(db: Database, uploadId: string, userId: number, posterKey: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ posterKey })
    .where(and(owned(uploadId, userId), eq(uploads.status, "uploading")))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/**
 * Moves an upload from uploading to completing (so a second complete racing it, a part or a
 * poster cannot change it any more); false when it was not uploading.
 */
export async function startCompleting(db: Database, uploadId: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "completing" })
    .where(and(owned(uploadId, userId), eq(uploads.status, "uploading")))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** Back to uploading after a completion that failed on R2's side. */
export async function stopCompleting(db: Database, uploadId: string): Promise<void> {
  await db.update(uploads).set({ status: "uploading" }).where(eq(uploads.id, uploadId));
}

/** Removes uploads and their parts (after R2 aborted or completed them). */
export async function removeUploads(db: Database, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.batch([db.delete(uploadParts).where(inArray(uploadParts.uploadId, ids)), db.delete(uploads).where(inArray(uploads.id, ids))]);
}

export type CompletedMedia = {
  mediaType: MediaType;
  width: number | null;
  height: number | null;
  /** Whether the thumbnail job has an image to resize (images, GIFs, videos with a poster). */
  thumbnails: boolean;
};

/**
 * Creates the pending media item of a completed upload, its audit row and removes the upload,
 * in one atomic batch; answers the new item's id.
 */
export async function finishUpload(db: Database, upload: UploadRow, media: CompletedMedia): Promise<number> {
  const [inserted] = await db.batch([
    db
      .insert(mediaItems)
      .values({
        title: upload.title,
        description: upload.description,
        mediaType: media.mediaType,
        categoryId: upload.categoryId,
        factionId: upload.factionId,
        isApproved: false,
        isFeatured: false,
        originalKey: upload.objectKey,
        posterKey: upload.posterKey,
        contentType: upload.contentType,
        fileSize: upload.size,
        width: media.width,
        height: media.height,
        uploadedBy: upload.userId,
        thumbnailStatus: media.thumbnails ? "pending" : "ready",
      })
      .returning({ id: mediaItems.id }),
    db.insert(auditLog).values({
      userId: upload.userId,
      action: "create",
      entityType: "media",
      entityId: sql`CAST((SELECT max(${mediaItems.id}) FROM ${mediaItems}) AS TEXT)`,
      details: JSON.stringify({ title: upload.title, mediaType: media.mediaType, upload: upload.id, fileName: upload.fileName }),
    }),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, upload.id)),
    db.delete(uploads).where(eq(uploads.id, upload.id)),
  ]);
  return inserted[0]!.id;
}

/** Uploads started before this instant (ISO 8601), oldest first, at most `limit`. */
export async function staleUploads(db: Database, before: string, limit: number) {
  return db
    .select({ id: uploads.id, objectKey: uploads.objectKey, r2UploadId: uploads.r2UploadId, posterKey: uploads.posterKey })
    .from(uploads)
    .where(lt(uploads.createdAt, before))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
}
