/** Change history reads (one batch per page) of factions, units, heroes, spells, news and guides. */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import type { HistoryEntityType } from "../../../shared/history";
import type { HistoryEntry, HistoryFieldChange } from "../../../shared/schemas/history";
import type { JsonValue } from "../../../shared/schemas/json";
import { changeHistory, users } from "../schema";
import { DELETED_MEMBER } from "./account";
import { countAll } from "./game-common";

type HistoryRow = typeof changeHistory.$inferSelect;
type UserPart = { userId: number | null; firstName: string | null; lastName: string | null; email: string | null; deletedAt: string | null };

/** A change's stored JSON as its list of fields (in stored order). */
export function parseChanges(text: string): HistoryFieldChange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, { old?: JsonValue; new?: JsonValue }>).map(([field, c]) => ({
    field,
    old: c?.old ?? null,
    new: c?.new ?? null,
  }));
}

function toHistoryEntry(row: HistoryRow & UserPart): HistoryEntry {
  const name = row.deletedAt
    ? DELETED_MEMBER
    : `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || (row.email ?? "").split("@")[0] || "Unknown";
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    changes: parseChanges(row.changes),
    restoredFrom: row.restoredFrom,
    user: row.userId === null ? null : { id: row.userId, name },
    createdAt: row.createdAt,
    restorable: row.action !== "create",
  };
}

const entryColumns = {
  id: changeHistory.id,
  entityType: changeHistory.entityType,
  entityId: changeHistory.entityId,
  action: changeHistory.action,
  changes: changeHistory.changes,
  restoredFrom: changeHistory.restoredFrom,
  userId: changeHistory.userId,
  createdAt: changeHistory.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  deletedAt: users.deletedAt,
};

/** One record's changes, newest first, one page plus the total; one batch. */
export async function listHistory(db: Database, entityType: HistoryEntityType, entityId: number, page: number, pageSize: number) {
  const where = and(eq(changeHistory.entityType, entityType), eq(changeHistory.entityId, entityId));
  const [total, rows] = await db.batch([
    db.select({ n: countAll() }).from(changeHistory).where(where),
    db
      .select(entryColumns)
      .from(changeHistory)
      .leftJoin(users, eq(users.id, changeHistory.userId))
      .where(where)
      .orderBy(desc(changeHistory.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { items: rows.map(toHistoryEntry), totalCount: total[0]?.n ?? 0 };
}

/** One change (null when there is none with this id). */
export async function getChange(db: Database, id: number): Promise<HistoryEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(changeHistory)
    .leftJoin(users, eq(users.id, changeHistory.userId))
    .where(eq(changeHistory.id, id));
  return row ? toHistoryEntry(row) : null;
}
