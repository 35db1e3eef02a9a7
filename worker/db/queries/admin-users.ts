/** User management for administrators: the user list, activation and roles (each write audited). */
import { and, count, desc, eq, exists, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../env";
import { auditLog, sessions, userRoles, users, type Role } from "../schema";
import { parseRoles, rolesOf } from "./user-roles";
import { toUserDto } from "./users";

const isoNow = () => new Date().toISOString();


const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

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
  if (q.role) {
    filters.push(
      exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, users.id), eq(userRoles.role, q.role)))),
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select({ user: users, roles: rolesOf })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const totalCount = totals[0]?.n ?? 0;
  return {
    users: rows.map((r) => toUserDto(r.user, parseRoles(r.roles))),
    totalCount,
    totalPages: Math.ceil(totalCount / q.pageSize),
  };
}

/** Number of active users holding the Admin role. */
export async function countActiveAdmins(db: Database): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "Admin"), eq(users.isActive, true)))
    .get();
  return row?.n ?? 0;
}

/**
 * Activates or deactivates a user and records it in the audit log. Deactivation also ends
 * every session of the user, so re-activating does not bring old tokens back.
 */
export async function setUserActive(db: Database, actorId: number, userId: number, isActive: boolean) {
  const now = isoNow();
  const audit = db.insert(auditLog).values({
    userId: actorId,
    action: "update",
    entityType: "user",
    entityId: String(userId),
    details: JSON.stringify({ isActive }),
    createdAt: now,
  });
  const update = db.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, userId));
  if (isActive) await db.batch([update, audit]);
  else
    await db.batch([
      update,
      db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
      audit,
    ]);
}

/** Replaces a user's roles and records the before/after in the audit log, in one batch. */
export async function setUserRoles(db: Database, actorId: number, userId: number, before: Role[], roles: Role[]) {
  const now = isoNow();
  await db.batch([
    db.delete(userRoles).where(eq(userRoles.userId, userId)),
    db.insert(userRoles).values(roles.map((role) => ({ userId, role }))),
    db.update(users).set({ updatedAt: now }).where(eq(users.id, userId)),
    db.insert(auditLog).values({
      userId: actorId,
      action: "update",
      entityType: "user_roles",
      entityId: String(userId),
      details: JSON.stringify({ before, after: roles }),
      createdAt: now,
    }),
  ]);
}
