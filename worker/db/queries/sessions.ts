import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { SESSION_TTL_SECONDS } from "../../lib/tokens";
import { sessions, users, type Role } from "../schema";
import { parseRoles, rolesOf } from "./user-roles";

const isoNow = () => new Date().toISOString();

export type SessionMeta = { userAgent: string | null; ipAddress: string | null };

/** The row of a new session (generation 1, expiring after the session lifetime). */
export const newSession = (userId: number, meta: SessionMeta) => ({
  id: crypto.randomUUID(),
  userId,
  generation: 1,
  expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString(),
  userAgent: meta.userAgent?.slice(0, 512) ?? null,
  ipAddress: meta.ipAddress?.slice(0, 64) ?? null,
});

export type SessionPrincipal = {
  userId: number;
  email: string;
  roles: Role[];
  sessionId: string;
};

/**
 * Looks up a session and its user in one indexed D1 read. Answers null unless the session
 * exists, is not revoked or expired, matches the token's generation (refresh rotates it) and
 * belongs to an active user. Roles come from the same read, so role changes apply at once.
 */
export async function findActiveSession(
  db: Database,
  sessionId: string,
  generation: number,
  userId: number,
): Promise<SessionPrincipal | null> {
  const row = await db
    .select({ userId: users.id, email: users.email, roles: rolesOf })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.generation, generation),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, isoNow()),
        eq(users.isActive, true),
      ),
    )
    .get();
  return row ? { userId: row.userId, email: row.email, roles: parseRoles(row.roles), sessionId } : null;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: isoNow() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Bumps the session's token generation so the token that asked is refused from now on. */
export async function rotateSession(db: Database, sessionId: string): Promise<number | null> {
  const row = await db
    .update(sessions)
    .set({ generation: sql`${sessions.generation} + 1`, lastSeenAt: isoNow() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, isoNow())))
    .returning({ generation: sessions.generation })
    .get();
  return row?.generation ?? null;
}
