/**
 * Versioned writes (optimistic concurrency), the one way every editable record is written:
 * news, the game records, media items, media categories and the site settings.
 *
 * A record's version is its `updatedAt`. A write may carry the version it was based on; when
 * that is not the stored one, the write is stale (409 stale_version with the stored record) and
 * changes nothing. A write without a version is based on the record as read just before it.
 * The write then reads the record, and sends one batch: the write itself guarded by the stamp it
 * read (`sameStamp`), a new stamp (`nextStamp`), and its audit (and history) rows whose entity id
 * is `stampedId`: NULL when the record changed or went away meanwhile. A NULL entity id makes
 * the NOT NULL column refuse the insert, and D1 rolls the whole batch back; `guarded` turns that
 * into the stale answer (docs/conventions.md "Versioned writes", ADR 0051).
 */
import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/** A table with an integer id and an `updatedAt` stamp (the version). */
export type StampedTable = SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };

/** Whether a write based on version `sent` is stale against the stored version (none sent: never). */
export const isStale = (sent: string | null | undefined, stored: string | null) => sent !== undefined && sent !== stored;

/** A new updatedAt, always later than the previous one (null: no previous). */
export function nextStamp(previous: string | null): string {
  const now = Date.now();
  const prev = previous === null ? NaN : Date.parse(previous);
  return new Date(Number.isFinite(prev) && prev >= now ? prev + 1 : now).toISOString();
}

/** The row to update: this id, still with the stamp that was read. */
export const sameStamp = (table: StampedTable, id: number, stamp: string) => and(eq(table.id, id), eq(table.updatedAt, stamp));

/**
 * Whether this batch's write of the record happened, as a condition on the record's row: it
 * carries the new `stamp`, and the statement just before (the write: the first guarded row goes
 * directly after it) changed a row. Two writers based on the same version in the same
 * millisecond compute the same stamp; `changes()` tells the one whose write matched nothing from
 * the one that wrote.
 */
export const wroteStamp = (id: number, stamp: string): SQL => sql`id = ${id} AND updated_at = ${stamp} AND changes() > 0`;

/**
 * The record's id as SQL when this batch's write happened (`wroteStamp`), else NULL: the audit
 * row's guard.
 */
export const stampedId = (table: SQLiteTable, id: number, stamp: string): SQL =>
  sql`(SELECT id FROM ${sql.identifier(getTableName(table))} WHERE ${wroteStamp(id, stamp)})`;

/** An error's message with its causes' (drizzle wraps D1's). */
export const messageOf = (err: unknown): string => {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 4; i++) {
    parts.push(String((e as Error).message ?? e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" | ");
};

/** The batch was aborted by its audit row's guard (the record changed or went away meanwhile). */
export const isGuardFailure = (err: unknown) =>
  /NOT NULL constraint failed: (audit_log|change_history)\.entity_id/.test(messageOf(err));

/** A guarded write that did not happen: the record as it is now, or gone. */
export type StaleOrMissing<R> = { ok: false; kind: "stale"; current: R } | { ok: false; kind: "not_found" };

/**
 * Sends a guarded write's batch. When the guard aborts it, answers the record as it is now
 * (`current()`, null when it is gone) as stale, or not found; any other error is thrown.
 */
export async function guarded<T, R>(
  batch: () => Promise<T>,
  current: () => Promise<R | null>,
): Promise<{ ok: true; value: T } | StaleOrMissing<R>> {
  try {
    return { ok: true, value: await batch() };
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const now = await current();
    return now ? { ok: false, kind: "stale", current: now } : { ok: false, kind: "not_found" };
  }
}

/** Sends a guarded delete's batch: false when the guard aborted it (the record was gone). */
export async function guardedDelete(batch: () => Promise<unknown>): Promise<boolean> {
  try {
    await batch();
    return true;
  } catch (err) {
    if (isGuardFailure(err)) return false;
    throw err;
  }
}
