/** User management for administrators: the user list, activation and roles (each write audited). */
import { and, count, desc, eq, exists, inArray, isNull, ne, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { auditLog, facetCounts, sessions, userRoles, users, type Role } from "../schema";
import { keptTotal } from "./kept-total";
import { parseRoles, rolesOf } from "./user-roles";
import { toUserDto } from "./users";

const isoNow = () => new Date().toISOString();


const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * How many members the list holds. Unfiltered or filtered by role alone, the kept counts answer
 * (facet_counts, migration 0020: members by state, and members per role); a search counts the
 * members it matches.
 */
function memberTotal(db: Database, q: { search?: string; role?: Role }, where: SQL | undefined) {
  if (q.search) return db.select({ n: count() }).from(users).where(where);
  return keptTotal(db, q.role ? and(eq(facetCounts.list, "user_role"), eq(facetCounts.value, q.role)) : eq(facetCounts.list, "users_state"));
}

/** One page of users plus the total, in one batch (two statements, one round trip). */
export async function listUsers(db: Database, q: { page: number; pageSize: number; search?: string; role?: Role }) {
  const filters: SQL[] = [];
  if (q.search) {
    const pattern = `%${escapeLike(q.search.toLowerCase())}%`;
    const likeEsc = (col: SQL | typeof users.email) => sql`lower(${col}) LIKE ${pattern} ESCAPE '\\'`;
    filters.push(
      or(
        likeEsc(users.email),
        likeEsc(sql`${users.firstName}`),
        likeEsc(sql`${users.lastName}`),
        likeEsc(sql`${users.firstName} || ' ' || ${users.lastName}`),
      )!,
    );
  }
  if (q.role === "User") {
    // Nearly every member holds User: the page walks the members newest first, testing each.
    filters.push(
      exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, users.id), eq(userRoles.role, q.role)))),
    );
  } else if (q.role) {
    // Few hold Admin or Moderator: their ids (user_roles_role_idx) drive, and only they are sorted.
    filters.push(inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, q.role))));
  }
  // Deleted accounts are gone from the list (their anonymised rows only keep foreign keys).
  filters.push(isNull(users.deletedAt));
  const where = and(...filters);
  const [rows, totals] = await db.batch([
    db
      .select({ user: users, roles: rolesOf })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    memberTotal(db, q, where),
  ]);
  const totalCount = totals[0]?.n ?? 0;
  return { items: rows.map((r) => toUserDto(r.user, parseRoles(r.roles))), totalCount };
}

const otherRoles = alias(userRoles, "other_roles");
const otherUsers = alias(users, "other_users");

/**
 * True (inside the statement that uses it) while an active admin other than `userId` exists.
 * The last-admin rule is this condition on the write itself, so two admins demoting or
 * deactivating each other at the same moment cannot both succeed: D1 runs one statement at a
 * time, and the second finds no other admin left.
 */
const anotherActiveAdmin = (db: Database, userId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(otherRoles)
      .innerJoin(otherUsers, eq(otherUsers.id, otherRoles.userId))
      .where(and(eq(otherRoles.role, "Admin"), eq(otherUsers.isActive, true), ne(otherRoles.userId, userId))),
  );

export const auditEntry = (db: Database, actorId: number, entityType: string, userId: number, details: unknown, now = isoNow()) =>
  db.insert(auditLog).values({
    userId: actorId,
    action: "update",
    entityType,
    entityId: String(userId),
    details: JSON.stringify(details),
    createdAt: now,
  });

/**
 * Activates or deactivates a user and records it in the audit log. Deactivation also ends
 * every session of the user, so re-activating does not bring old tokens back. Deactivating an
 * admin happens only while another active admin exists (checked by the UPDATE itself): answers
 * false when that refused it.
 */
export async function setUserActive(db: Database, actorId: number, userId: number, isActive: boolean): Promise<boolean> {
  const now = isoNow();
  const audit = auditEntry(db, actorId, "user", userId, { isActive }, now);
  if (isActive) {
    await db.batch([db.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, userId)), audit]);
    return true;
  }
  const isAdmin = exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "Admin"))));
  const deactivated = await db
    .update(users)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(users.id, userId), or(not(isAdmin), anotherActiveAdmin(db, userId))))
    .returning({ id: users.id });
  if (deactivated.length === 0) return false;
  await db.batch([
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    audit,
  ]);
  return true;
}

/**
 * Replaces a user's roles and records the before/after in the audit log. Taking the Admin
 * role away is one conditional DELETE that runs first and only while another active admin
 * exists; when it is refused nothing else is written and the answer is false.
 */
export async function setUserRoles(db: Database, actorId: number, userId: number, before: Role[], roles: Role[]): Promise<boolean> {
  const now = isoNow();
  if (before.includes("Admin") && !roles.includes("Admin")) {
    const removed = await db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "Admin"), anotherActiveAdmin(db, userId)))
      .returning({ userId: userRoles.userId });
    if (removed.length === 0) return false;
  }
  await db.batch([
    db.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.role, roles), ne(userRoles.role, "Admin"))),
    db
      .insert(userRoles)
      .values(roles.map((role) => ({ userId, role })))
      .onConflictDoNothing(),
    db.update(users).set({ updatedAt: now }).where(eq(users.id, userId)),
    auditEntry(db, actorId, "user_roles", userId, { before, after: roles }, now),
  ]);
  return true;
}
