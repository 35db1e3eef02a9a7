/**
 * The member's own account: the sessions list and signing sessions out, the data export, and
 * deletion (the row stays, anonymised, so what the member wrote keeps its foreign keys).
 */
import { and, asc, count, desc, eq, exists, gt, isNull, ne, not, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { SESSION_IDLE_SECONDS } from "./sessions";
import {
  auditLog,
  emailOutbox,
  emailVerificationTokens,
  loginBrakes,
  loginLocks,
  loginNetworks,
  mediaItems,
  newsArticles,
  passwordResetTokens,
  sessions,
  userRoles,
  users,
} from "../schema";

/** The name shown for what a deleted account wrote. */
export const DELETED_MEMBER = "Deleted member";

const isoNow = () => new Date().toISOString();

/** A session that still works: not revoked, not past its absolute end, refreshed within the idle limit. */
const activeSession = () =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, isoNow()),
    gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_SECONDS * 1000).toISOString()),
  );

/** The member's active sessions, most recently used first. */
export async function listActiveSessions(db: Database, userId: number) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), activeSession()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Signs out one of the member's own active sessions; false when there is no such session. */
export async function revokeOwnSession(db: Database, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: isoNow() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), activeSession()))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Signs out every other session of the member; answers how many were ended. */
export async function revokeOtherSessions(db: Database, userId: number, keepSessionId: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: isoNow() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Every session and the member's own audit-log rows, in one batch (the export). */
export async function exportRows(db: Database, userId: number) {
  const [sessionRows, auditRows] = await db.batch([
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
      .orderBy(asc(auditLog.id)),
  ]);
  return { sessions: sessionRows, auditLog: auditRows };
}

/**
 * What the member did on the site, counted from the records themselves in one batch: articles
 * they created, media items they uploaded, and changes they made (their audit-log rows: every
 * write by a moderator or administrator), with the day they joined. Null for no such member.
 */
export async function memberStats(db: Database, userId: number) {
  const [member, articles, media, edits] = await db.batch([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(newsArticles).where(eq(newsArticles.createdBy, userId)),
    db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.uploadedBy, userId)),
    db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, userId)),
  ]);
  if (!member[0]) return null;
  return {
    articlesWritten: articles[0]?.n ?? 0,
    mediaUploaded: media[0]?.n ?? 0,
    editsMade: edits[0]?.n ?? 0,
    memberSince: member[0].createdAt,
  };
}

const otherRoles = alias(userRoles, "other_admin_roles");
const otherUsers = alias(users, "other_admin_users");

/** Inside the statement that uses it: an active admin other than `userId` exists. */
const anotherActiveAdmin = (db: Database, userId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(otherRoles)
      .innerJoin(otherUsers, eq(otherUsers.id, otherRoles.userId))
      .where(and(eq(otherRoles.role, "Admin"), eq(otherUsers.isActive, true), isNull(otherUsers.deletedAt), ne(otherRoles.userId, userId))),
  );

/**
 * Deletes an account: one batch (one transaction). The first statement anonymises the row (no
 * email, name, password, picture; inactive; `deleted_at` set), but only while the account is not
 * deleted yet and is not the last active administrator; every other statement runs only when
 * that first one did (they check for this very `deleted_at`), so a refused deletion writes
 * nothing. The rest: roles, sessions, links, sign-in locks, familiar networks and every outbox
 * message to the address go (its mail budgets stay: they name no address); articles
 * whose byline is the member's own name now read "Deleted member"; an audit row records who
 * deleted it. Answers false when refused (last admin, or already deleted).
 */
export async function deleteAccount(
  db: Database,
  actorId: number,
  target: { id: number; email: string; accountKey: string; displayName: string },
): Promise<boolean> {
  const now = isoNow();
  const isAdmin = exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, target.id), eq(userRoles.role, "Admin"))));
  const deletedNow = exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, target.id), eq(users.deletedAt, now))));
  const [anonymised] = await db.batch([
    db
      .update(users)
      .set({
        email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
        passwordHash: "!",
        firstName: "",
        lastName: "",
        profilePictureUrl: null,
        isActive: false,
        emailConfirmed: false,
        lastLoginAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt), or(not(isAdmin), anotherActiveAdmin(db, target.id))))
      .returning({ id: users.id }),
    db.delete(userRoles).where(and(eq(userRoles.userId, target.id), deletedNow)),
    db.delete(sessions).where(and(eq(sessions.userId, target.id), deletedNow)),
    db.delete(emailVerificationTokens).where(and(eq(emailVerificationTokens.userId, target.id), deletedNow)),
    db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, target.id), deletedNow)),
    db.delete(loginNetworks).where(and(eq(loginNetworks.userId, target.id), deletedNow)),
    db.delete(loginLocks).where(and(eq(loginLocks.accountKey, target.accountKey), deletedNow)),
    db.delete(loginBrakes).where(and(eq(loginBrakes.accountKey, target.accountKey), deletedNow)),
    db.delete(emailOutbox).where(and(eq(emailOutbox.toAddress, target.email), deletedNow)),
    db
      .update(newsArticles)
      .set({ author: DELETED_MEMBER })
      .where(and(eq(newsArticles.createdBy, target.id), eq(newsArticles.author, target.displayName), deletedNow)),
    db.insert(auditLog).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          userId: sql<number>`${actorId}`.as("user_id"),
          action: sql<string>`'delete'`.as("action"),
          entityType: sql<string>`'user'`.as("entity_type"),
          entityId: sql<string>`${String(target.id)}`.as("entity_id"),
          details: sql<string>`${JSON.stringify({ byOwner: actorId === target.id })}`.as("details"),
          createdAt: sql<string>`${now}`.as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, target.id), eq(users.deletedAt, now))),
    ),
  ]);
  return anonymised.length > 0;
}
