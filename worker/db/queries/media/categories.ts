/**
 * Media categories (/api/media/categories): reads for everyone, writes by admins with their
 * audit rows in one batch.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../client";
import type { MediaCategory, MediaCategoryInput } from "../../../../shared/schemas/media";
import { auditLog, mediaCategories, mediaItems } from "../../schema";
import { auditRow } from "../game-common";
import { guarded, nextStamp, sameStamp, stampedId, type StaleOrMissing } from "../versioned";

type CategoryRow = typeof mediaCategories.$inferSelect;

export const toCategoryDto = (row: CategoryRow): MediaCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  slug: row.slug,
  color: row.color,
  iconUrl: row.iconUrl,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listCategories(db: Database, activeOnly: boolean): Promise<MediaCategory[]> {
  const rows = await db
    .select()
    .from(mediaCategories)
    .where(activeOnly ? eq(mediaCategories.isActive, true) : undefined)
    .orderBy(asc(mediaCategories.sortOrder), asc(mediaCategories.name), asc(mediaCategories.id));
  return rows.map(toCategoryDto);
}

export async function getCategory(db: Database, id: number, activeOnly: boolean): Promise<MediaCategory | null> {
  const row = await db
    .select()
    .from(mediaCategories)
    .where(activeOnly ? and(eq(mediaCategories.id, id), eq(mediaCategories.isActive, true)) : eq(mediaCategories.id, id))
    .get();
  return row ? toCategoryDto(row) : null;
}

/** True when another category already uses the slug. */
export async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .select({ id: mediaCategories.id })
    .from(mediaCategories)
    .where(exceptId ? and(eq(mediaCategories.slug, slug), ne(mediaCategories.id, exceptId)) : eq(mediaCategories.slug, slug))
    .get();
  return !!row;
}

/** True when the error (or a cause: drizzle wraps D1's) is the unique slug index. */
export function isSlugConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: media_categories\.slug/i.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

export async function createCategory(db: Database, input: MediaCategoryInput, userId: number): Promise<MediaCategory> {
  const [inserted] = await db.batch([
    db.insert(mediaCategories).values(input).returning(),
    db.insert(auditLog).values({
      userId,
      action: "create",
      entityType: "media_category",
      entityId: sql`CAST((SELECT max(${mediaCategories.id}) FROM ${mediaCategories}) AS TEXT)`,
      details: JSON.stringify(input),
    }),
  ]);
  return toCategoryDto(inserted[0]!);
}

/**
 * Replaces the category's fields with a new stamp and writes the audit row, a versioned write
 * guarded by the stamp `before` carries (./versioned.ts); answers the stored category, or the
 * category as it is now when someone else wrote it meanwhile (stale), or not found.
 */
export async function updateCategory(
  db: Database,
  before: MediaCategory,
  input: MediaCategoryInput,
  userId: number,
): Promise<{ ok: true; value: MediaCategory } | StaleOrMissing<MediaCategory>> {
  const id = before.id;
  const stamp = nextStamp(before.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(mediaCategories)
          .set({ ...input, updatedAt: stamp })
          .where(sameStamp(mediaCategories, id, before.updatedAt))
          .returning(),
        auditRow(db, { userId }, "update", "media_category", sql`CAST(${stampedId(mediaCategories, id, stamp)} AS TEXT)`, input),
      ]),
    () => getCategory(db, id, false),
  );
  if (!written.ok) return written;
  const row = written.value[0][0];
  return row ? { ok: true, value: toCategoryDto(row) } : { ok: false, kind: "not_found" };
}

/** How many media items use the category. */
export async function categoryUsage(db: Database, id: number): Promise<number> {
  const row = await db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.categoryId, id)).get();
  return row?.n ?? 0;
}

export async function deleteCategory(db: Database, id: number, userId: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.insert(auditLog).values({ userId, action: "delete", entityType: "media_category", entityId: String(id), details: null }),
    db.delete(mediaCategories).where(eq(mediaCategories.id, id)).returning({ id: mediaCategories.id }),
  ]);
  return deleted.length > 0;
}
