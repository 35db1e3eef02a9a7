import { and, eq, exists, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { sessions, users, type Role } from "../schema";
import { parseRoles, rolesOf } from "./user-roles";

/*
 * Session lifetimes (also in docs/decisions/0015-hardening.md and the README):
 * - an access token lives one hour (worker/lib/tokens.ts); the SPA refreshes it a few minutes before that;
 * - a session not refreshed for 7 days is over (idle), even if its last token is presented;
 * - a session (one sign-in) lasts at most 30 days, refreshed or not (absolute).
 */
/** A session whose token was not refreshed for this long cannot be refreshed any more. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** A session (one sign-in) lasts at most 30 days, refreshed or not. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * After a refresh, the token it replaced still works this long: requests that were in flight
 * and a second tab refreshing at the same moment are not signed out. A rotated-out token sent
 * to refresh after this is reuse and revokes the session.
 */
export const REFRESH_GRACE_SECONDS = 60;

const isoNow = () => new Date().toISOString();
const isoAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

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
 * exists, is not revoked or expired, matches the token's generation (refresh rotates it; the
 * generation just replaced is still honoured for the short grace after a refresh) and belongs
 * to an active user. Roles come from the same read, so role changes apply at once.
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
        or(
          eq(sessions.generation, generation),
          and(eq(sessions.generation, generation + 1), gt(sessions.rotatedAt, isoAgo(REFRESH_GRACE_SECONDS))),
        ),
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

/**
 * Sign-out: ends the user's session if it is still open and the user active (what refresh would
 * also accept, whatever the token's age). False when there was nothing to end.
 */
export async function endSession(db: Database, sessionId: string, userId: number): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: isoNow() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, sessions.userId), eq(users.isActive, true)))),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export type RefreshOutcome =
  | { status: "rotated"; generation: number }
  | { status: "already_rotated"; generation: number }
  | { status: "reused" }
  | { status: "invalid" };

/**
 * Refresh as a compare-and-swap on the session's generation: the generation moves on only if
 * it is still the one the presented token carries (and the session is live, not idle, and its
 * user active). When another request rotated it first within the grace (a second tab), the
 * caller gets the current generation. A token older than that, or the previous one after the
 * grace, is reuse: the session is revoked, so a stolen token and the victim's cannot both go on.
 */
export async function refreshSession(db: Database, claims: { sessionId: string; userId: number; generation: number }): Promise<RefreshOutcome> {
  const now = isoNow();
  const live = and(
    eq(sessions.id, claims.sessionId),
    eq(sessions.userId, claims.userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, isoAgo(SESSION_IDLE_SECONDS)),
    exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, sessions.userId), eq(users.isActive, true)))),
  );
  const swapped = await db
    .update(sessions)
    .set({ generation: sql`${sessions.generation} + 1`, rotatedAt: now, lastSeenAt: now })
    .where(and(live, eq(sessions.generation, claims.generation)))
    .returning({ generation: sessions.generation })
    .get();
  if (swapped) return { status: "rotated", generation: swapped.generation };

  const current = await db
    .select({ generation: sessions.generation, rotatedAt: sessions.rotatedAt })
    .from(sessions)
    .where(live)
    .get();
  if (!current || claims.generation > current.generation) return { status: "invalid" };
  const withinGrace = !!current.rotatedAt && current.rotatedAt > isoAgo(REFRESH_GRACE_SECONDS);
  if (claims.generation === current.generation - 1 && withinGrace) {
    return { status: "already_rotated", generation: current.generation };
  }
  await revokeSession(db, claims.sessionId);
  return { status: "reused" };
}
