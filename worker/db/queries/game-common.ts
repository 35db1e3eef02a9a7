/**
 * Helpers shared by the game content queries (factions, units, heroes, spells, game info).
 * Visibility: guests and users see active rows only, and units and heroes only of active
 * factions; moderators may ask for everything (`all`).
 */
import { and, asc, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import type { FilterOption } from "../../../shared/game";
import type { FactionRef } from "../../../shared/game";
import type { JsonValue } from "../../../shared/schemas/json";
import { auditLog, changeHistory, factions, type HistoryAction, type HistoryEntity } from "../schema";
import { messageOf, stampedId } from "./versioned";

/** JSON text from a JSON-typed column as a value (text that is not JSON is answered as it is). */
export function parseJsonColumn(text: string | null): JsonValue {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** A JSON-typed column's value as stored: JSON text, or null. */
export const jsonText = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The faction's id when it exists and the caller may see it (inactive ones for moderators only). */
export const visibleFaction = (db: Database, factionId: number, canSeeInactive: boolean) =>
  db
    .select({ id: factions.id })
    .from(factions)
    .where(and(eq(factions.id, factionId), canSeeInactive ? undefined : eq(factions.isActive, true)));

/** The ids of the active factions (a subquery for `inArray`). */
export const activeFactionIds = (db: Database) =>
  db.select({ id: factions.id }).from(factions).where(eq(factions.isActive, true));

/**
 * The factions as links (id, name, alignment) in display order: the visible ones, or all for
 * moderators. A handful of rows; pages that name factions read them in the same batch.
 */
export const selectFactionRefs = (db: Database, all: boolean) =>
  db
    .select({ id: factions.id, name: factions.name, alignment: factions.alignment })
    .from(factions)
    .where(all ? undefined : eq(factions.isActive, true))
    .orderBy(asc(factions.sortOrder), asc(factions.name));

/** Faction refs by id. */
export const factionRefMap = (rows: readonly FactionRef[]) => new Map(rows.map((f) => [f.id, { ...f }]));

/** `{ value, count }` rows (from a GROUP BY) as filter options, in the given order of values. */
export function options<T extends string | number>(
  rows: readonly { value: T; count: number; label?: string | null }[],
  order?: readonly T[],
): FilterOption<T>[] {
  const list = rows.map((r) => (r.label ? { value: r.value, count: r.count, label: r.label } : { value: r.value, count: r.count }));
  if (order) list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  return list;
}

/** `count(*)` as a number. */
export const countAll = () => sql<number>`cast(count(*) as integer)`;

export type Conditions = (SQL | undefined)[];

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** Who writes (the audit row's user). */
export type Actor = { userId: number };

/** The audit row of a write, inserted in the same batch as the write itself. */
export const auditRow = (
  db: Database,
  actor: Actor,
  action: "create" | "update" | "delete",
  entityType: string,
  /** An SQL expression giving the entity id as text; NULL aborts the whole batch (NOT NULL). */
  entityId: SQL,
  details: unknown,
) => db.insert(auditLog).values({ userId: actor.userId, action, entityType, entityId, details: JSON.stringify(details) });

/** Each changed field's old and new value (a history row's `changes`). */
export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** Extra facts of a write: the change a restore puts back, the id a re-created record keeps. */
export type WriteOptions = { restoredFrom?: number; id?: number };

/**
 * The audit row and the history row of a write, for its batch. `entityId` is an SQL expression
 * giving the record's id (an integer); when it is NULL (the record changed or went away
 * meanwhile) both NOT NULL columns refuse the insert and the whole batch is rolled back.
 */
export const writeRecords = (
  db: Database,
  actor: Actor,
  w: {
    action: "create" | "update" | "delete";
    entityType: HistoryEntity;
    entityId: SQL;
    audit: unknown;
    changes: FieldChanges;
    options?: WriteOptions;
  },
) => {
  const restoredFrom = w.options?.restoredFrom;
  const action: HistoryAction = restoredFrom !== undefined ? "restore" : w.action;
  return [
    auditRow(db, actor, w.action, w.entityType, sql`CAST(${w.entityId} AS TEXT)`, w.audit),
    db.insert(changeHistory).values({
      entityType: w.entityType,
      entityId: sql`${w.entityId}`,
      action,
      changes: JSON.stringify(w.changes),
      restoredFrom: restoredFrom ?? null,
      userId: actor.userId,
    }),
  ] as const;
};

/** The changes of a create: every field, old null. */
export function createdChanges<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T & string)[]): FieldChanges {
  const out: FieldChanges = {};
  for (const key of keys) out[key] = { old: null, new: values[key] ?? null };
  return out;
}

/** The changes of a delete: every field, new null. */
export function deletedChanges<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T & string)[]): FieldChanges {
  const out: FieldChanges = {};
  for (const key of keys) out[key] = { old: values[key] ?? null, new: null };
  return out;
}

/** The changes of an update from `changedFields`' before and after. */
export function diffChanges(diff: { before: Record<string, unknown>; after: Record<string, unknown> }): FieldChanges {
  const out: FieldChanges = {};
  for (const key of Object.keys(diff.after)) out[key] = { old: diff.before[key] ?? null, new: diff.after[key] ?? null };
  return out;
}

/** The fields that differ between the stored record and the new values, before and after. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[],
): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** A UNIQUE index refused the write (e.g. "spells.name"). */
export const isUniqueFailure = (err: unknown, column: string) =>
  new RegExp(`UNIQUE constraint failed: ${column.replace(".", "\\.")}`).test(messageOf(err));

/** A write that could not happen, with the reason the route turns into a 4xx. */
export type WriteFailure =
  | { kind: "not_found" }
  | { kind: "stale"; current: unknown }
  | { kind: "invalid"; errors: Record<string, string[]> }
  | { kind: "conflict"; message: string; errors?: Record<string, string[]> };

export type WriteResult<T> = { ok: true; value: T; changed: boolean } | ({ ok: false } & WriteFailure);

/** A 409 for a value that must be unique (answers the field's message too). */
export const duplicate = (field: string, message: string) =>
  ({ ok: false, kind: "conflict", message, errors: { [field]: [message] } }) as const satisfies { ok: false } & WriteFailure;

// ---------------------------------------------------------------------------------------------
// Audit and history rows of the game records' writes
// ---------------------------------------------------------------------------------------------
//
// The versioned-write mechanism itself (the stamp guard, `guarded`) is in ./versioned.ts; these
// build the audit and history rows of a write; each query file keeps only what is its own
// (columns, checks, extra statements).

const tableName = (table: SQLiteTable) => sql.identifier(getTableName(table));

/** The new record's id as SQL: the id it is re-created with (a restore), or the newest one. */
export const createdId = (table: SQLiteTable, options: WriteOptions): SQL =>
  options.id !== undefined ? sql`${options.id}` : sql`(SELECT max(id) FROM ${tableName(table)})`;

/** Audit and history rows of a create. */
export const createRecords = <T extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  w: { entityType: HistoryEntity; table: SQLiteTable; values: unknown; input: T; fields: readonly (keyof T & string)[]; options: WriteOptions },
) =>
  writeRecords(db, actor, {
    action: "create",
    entityType: w.entityType,
    entityId: createdId(w.table, w.options),
    audit: { after: w.values },
    changes: createdChanges(w.input, w.fields),
    options: w.options,
  });

/** Audit and history rows of an update that writes the new `stamp` (NULL id once it did not). */
export const updateRecords = (
  db: Database,
  actor: Actor,
  w: {
    entityType: HistoryEntity;
    table: SQLiteTable;
    id: number;
    stamp: string;
    diff: { before: Record<string, unknown>; after: Record<string, unknown> };
    options: WriteOptions;
    /** What the audit row keeps when it is not the diff itself (a long text as its length, say). */
    audit?: { before: unknown; after: unknown };
  },
) =>
  writeRecords(db, actor, {
    action: "update",
    entityType: w.entityType,
    entityId: stampedId(w.table, w.id, w.stamp),
    audit: w.audit ?? w.diff,
    changes: diffChanges(w.diff),
    options: w.options,
  });

/** Audit and history rows of a delete (by default guarded by the record still existing). */
export const deleteRecords = <T extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  w: {
    entityType: HistoryEntity;
    table: SQLiteTable;
    id: number;
    before: T;
    fields: readonly (keyof T & string)[];
    entityId?: SQL;
    /** What the audit row keeps of the record when not all of it (`{ before }` either way). */
    auditBefore?: unknown;
  },
) =>
  writeRecords(db, actor, {
    action: "delete",
    entityType: w.entityType,
    entityId: w.entityId ?? sql`(SELECT id FROM ${tableName(w.table)} WHERE id = ${w.id})`,
    audit: { before: w.auditBefore ?? w.before },
    changes: deletedChanges(w.before, w.fields),
  });
