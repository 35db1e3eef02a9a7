/** The audit log, read (admins): one page plus the total in one batch, and the filter's choices. */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import type { AuditAction } from "../../../shared/audit";
import type { AuditEntry, AuditFieldChange, AuditFilters, AuditQuery } from "../../../shared/schemas/audit";
import type { JsonValue } from "../../../shared/schemas/json";
import { auditLog, facetCounts, users } from "../schema";
import { DELETED_MEMBER } from "./account";
import { countAll } from "./game-common";
import { keptTotal } from "./kept-total";

type UserPart = { firstName: string | null; lastName: string | null; email: string | null; deletedAt: string | null };

/** A member's name as the history shows it: full name, else the e-mail's local part; "Deleted member" once anonymised. */
export const memberName = (u: UserPart) =>
  u.deletedAt ? DELETED_MEMBER : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim() || (u.email ?? "").split("@")[0] || "Unknown";

const isObject = (v: unknown): v is Record<string, JsonValue> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A row's `details` as field changes. Writers record `{ before, after }` (an update's changed
 * fields; `{ after }` for a create, `{ before }` for a delete); older rows and a few writers keep
 * the values alone (the new ones, or for a delete the old ones), and role changes keep lists.
 */
export function auditChanges(action: AuditAction, text: string | null): AuditFieldChange[] {
  let details: unknown;
  try {
    details = text === null ? null : JSON.parse(text);
  } catch {
    return [{ field: "details", new: text }];
  }
  if (!isObject(details)) return details === null ? [] : [{ field: "details", new: details as JsonValue }];
  const { before, after } = details;
  const sided = "before" in details || "after" in details;
  if (sided && (Array.isArray(before) || Array.isArray(after))) {
    // User roles: the whole list before and after.
    return [{ field: "roles", ...(before !== undefined ? { old: before } : {}), ...(after !== undefined ? { new: after } : {}) }];
  }
  if (sided && (isObject(before) || before === undefined) && (isObject(after) || after === undefined)) {
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    const extra = Object.entries(details).filter(([key]) => key !== "before" && key !== "after");
    return [
      ...fields.map((field) => ({
        field,
        ...(before && field in before ? { old: before[field] ?? null } : {}),
        ...(after && field in after ? { new: after[field] ?? null } : {}),
      })),
      ...extra.map(([field, value]) => ({ field, new: value })),
    ];
  }
  return Object.entries(details).map(([field, value]) => (action === "delete" ? { field, old: value } : { field, new: value }));
}

/** The record's name or title, when the row recorded one (a deleted record's). */
function entityName(changes: readonly AuditFieldChange[]): string | null {
  for (const key of ["title", "name", "siteName"]) {
    const change = changes.find((c) => c.field === key);
    const value = change?.new ?? change?.old;
    if (typeof value === "string" && value) return value;
  }
  return null;
}

/**
 * The audited record's name now (null once it is gone), for the kinds of record that have one:
 * a subquery per kind inside one CASE, so a page of entries stays one statement.
 */
const NAMED: [type: string, table: string, column: string][] = [
  ["faction", "factions", "name"],
  ["unit", "units", "name"],
  ["hero", "heroes", "name"],
  ["spell", "spells", "name"],
  ["gameinfo", "game_info_articles", "title"],
  ["news", "news_articles", "title"],
  ["media", "media_items", "title"],
  ["media_category", "media_categories", "name"],
];
const currentName = sql<string | null>`CASE ${auditLog.entityType} ${sql.join(
  NAMED.map(
    ([type, table, column]) =>
      sql`WHEN ${type} THEN (SELECT n.${sql.identifier(column)} FROM ${sql.identifier(table)} n WHERE n.id = CAST(${auditLog.entityId} AS INTEGER))`,
  ),
  sql` `,
)} END`;

const entryColumns = {
  currentName,
  id: auditLog.id,
  userId: auditLog.userId,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  deletedAt: users.deletedAt,
};

type EntryRow = { currentName: string | null; id: number; userId: number | null; action: AuditAction; entityType: string; entityId: string; details: string | null; createdAt: string } & UserPart;

function toAuditEntry(row: EntryRow): AuditEntry {
  const changes = auditChanges(row.action, row.details);
  return {
    id: row.id,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: row.currentName ?? entityName(changes),
    user: row.userId === null ? null : { id: row.userId, name: memberName(row) },
    createdAt: row.createdAt,
    changes,
  };
}

/** The day after a YYYY-MM-DD day, at midnight UTC (the end of a range, exclusive). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** A kept count of the log (facet_counts, migration 0020): one list's value, or its whole total. */
const keptAudit = (db: Database, list: string, value?: string) =>
  keptTotal(db, and(eq(facetCounts.list, list), value === undefined ? undefined : eq(facetCounts.value, value)));

/**
 * How many rows match. The kept counts answer the whole log (the sum of its per-action counts)
 * and the log filtered by entity type, action, both, or user alone; any other filter (a record's
 * id, a date range, a user with another filter) counts the rows it matches.
 */
function auditTotal(db: Database, q: AuditQuery, where: SQL | undefined) {
  const { user, entityType, action } = q;
  if (!q.entityId && !q.from && !q.to) {
    if (user === undefined && entityType && action) return keptAudit(db, "audit_entity_action", `${entityType}:${action}`);
    if (user === undefined && entityType) return keptAudit(db, "audit_entity", entityType);
    if (user === undefined && action) return keptAudit(db, "audit_action", action);
    if (user === undefined) return keptAudit(db, "audit_action");
    if (!entityType && !action) return keptAudit(db, "audit_user", String(user));
  }
  return db.select({ n: countAll() }).from(auditLog).where(where);
}

/** One page of the log, newest first, and how many rows match; one batch. */
export async function listAudit(db: Database, q: AuditQuery) {
  const where = and(
    q.user !== undefined ? eq(auditLog.userId, q.user) : undefined,
    q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.from ? gte(auditLog.createdAt, `${q.from}T00:00:00.000Z`) : undefined,
    q.to ? lt(auditLog.createdAt, dayAfter(q.to)) : undefined,
  );
  const [total, rows] = await db.batch([
    auditTotal(db, q, where),
    // The page's ids first (an index, or the table, walked newest first past the offset), then
    // only those rows joined with their members: the skipped rows cost one step each, not a join.
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(
        inArray(
          auditLog.id,
          db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(where)
            .orderBy(desc(auditLog.id))
            .limit(q.pageSize)
            .offset((q.page - 1) * q.pageSize),
        ),
      )
      .orderBy(desc(auditLog.id)),
  ]);
  return { items: rows.map(toAuditEntry), totalCount: total[0]?.n ?? 0 };
}

/** One kept list of the log (facet_counts, migration 0020): its values with their counts, none at 0. */
const keptChoices = (db: Database, list: string) =>
  db
    .select({ value: facetCounts.value, count: facetCounts.n })
    .from(facetCounts)
    .where(and(eq(facetCounts.list, list), gt(facetCounts.n, 0)))
    .orderBy(asc(facetCounts.value));

/**
 * Who and what the log holds, with counts: the filter's choices, from the kept per-user, per-type
 * and per-action counts (a row per choice, whatever the log's size); one batch.
 */
export async function auditFilterOptions(db: Database): Promise<AuditFilters> {
  const [people, types, actions] = await db.batch([
    db
      .select({
        id: users.id,
        count: facetCounts.n,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        deletedAt: users.deletedAt,
      })
      .from(facetCounts)
      .innerJoin(users, sql`${users.id} = CAST(${facetCounts.value} AS INTEGER)`)
      .where(and(eq(facetCounts.list, "audit_user"), gt(facetCounts.n, 0))),
    keptChoices(db, "audit_entity"),
    keptChoices(db, "audit_action"),
  ]);
  return {
    users: people
      .map((p) => ({ id: p.id!, name: memberName(p), email: p.deletedAt ? null : p.email, count: p.count }))
      .sort((a, b) => a.name.localeCompare(b.name, "en") || a.id - b.id),
    entityTypes: types,
    // The kept values are the action column's, which its CHECK holds to AUDIT_ACTIONS.
    actions: actions as { value: AuditAction; count: number }[],
  };
}
