/** Accounts: look-ups, the public user object, registration, sign-in bookkeeping, profile, password. */
import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { isAllowedProfilePicture } from "../../schemas/auth";
import type { User } from "../../schemas/user";
import { emailOutbox, sessions, userRoles, users, type Role } from "../schema";
import { newSession, type SessionMeta } from "./sessions";
import { parseRoles, rolesOf } from "./user-roles";

/** After this many failed sign-ins in a row the account is locked... */
export const MAX_FAILED_LOGINS = 5;
/** ...for this long. */
export const LOCKOUT_MINUTES = 15;

type UserRow = typeof users.$inferSelect;

const isoNow = () => new Date().toISOString();

/** "First Last" trimmed, else the email's local part. */
export const displayNameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email.split("@")[0]!;

/** The public user object: never the hash, failed count, lock time or a session id. */
export function toUserDto(row: UserRow, roles: Role[]): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: displayNameOf(row),
    // Only the site's own pictures are ever shown (an old external URL is dropped).
    profilePictureUrl: row.profilePictureUrl && isAllowedProfilePicture(row.profilePictureUrl) ? row.profilePictureUrl : null,
    roles,
    isActive: row.isActive,
    emailConfirmed: row.emailConfirmed,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
  };
}

/** The full row (hash included, for sign-in checks only) plus roles. */
export async function findUserByEmail(db: Database, email: string) {
  const row = await db.select({ user: users, roles: rolesOf }).from(users).where(eq(users.email, email)).get();
  return row ? { user: row.user, roles: parseRoles(row.roles) } : null;
}

export async function findUserById(db: Database, id: number) {
  const row = await db.select({ user: users, roles: rolesOf }).from(users).where(eq(users.id, id)).get();
  return row ? { user: row.user, roles: parseRoles(row.roles) } : null;
}

export async function getUserDto(db: Database, id: number): Promise<User | null> {
  const found = await findUserById(db, id);
  return found ? toUserDto(found.user, found.roles) : null;
}


/** True when the error (or one of its causes: drizzle wraps D1's) is the users.email unique index. */
function isUniqueEmailViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: users\.email/i.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/**
 * Creates the account with the User role and its first session in one batch (atomic).
 * Returns null when the email is already taken.
 */
export async function createAccount(
  db: Database,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
  meta: SessionMeta,
) {
  const now = isoNow();
  // The session row is written in the same batch, naming the new user through its email.
  const session = newSession(0, meta);
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({ ...input, createdAt: now, updatedAt: now, lastLoginAt: now })
        .returning(),
      db.insert(userRoles).select(
        db.select({ userId: users.id, role: sql<Role>`'User'`.as("role") }).from(users).where(eq(users.email, input.email)),
      ),
      db.insert(sessions).values({ ...session, userId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${input.email})` }),
    ]);
    session.userId = inserted[0]!.id;
    const user = inserted[0]!;
    return { user: toUserDto(user, ["User"]), session };
  } catch (err) {
    if (isUniqueEmailViolation(err)) return null;
    throw err;
  }
}

/**
 * The outcome of reserving one password check for an account: `null` when the account is
 * locked (no check may run), else whether this reservation is the one that locked it and the
 * lock value it wrote (so a later success clears only its own lock).
 */
export type LoginAttempt = { locksAccount: boolean; lockedUntil: string | null };

/**
 * Reserves one password check BEFORE the hash is computed, in one conditional UPDATE: an
 * account whose lock has not expired gets no row back (null: answer 423, check nothing). The
 * reservation counts as a failure until a success releases it, and the reservation that brings
 * the count to 5 writes the 15-minute lock itself, so however many requests arrive at once, at
 * most 5 password checks run per lock period. An expired lock starts the count again.
 */
export async function reserveLoginAttempt(db: Database, userId: number): Promise<LoginAttempt | null> {
  const now = isoNow();
  const lockUntil = new Date(Date.now() + LOCKOUT_MINUTES * 60_000).toISOString();
  const lockExpired = sql`(${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= ${now})`;
  const nextCount = sql`(CASE WHEN ${lockExpired} THEN 1 ELSE ${users.failedLoginCount} + 1 END)`;
  const row = await db
    .update(users)
    .set({
      failedLoginCount: nextCount,
      lockedUntil: sql`CASE WHEN ${nextCount} >= ${MAX_FAILED_LOGINS} THEN ${lockUntil} ELSE NULL END`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ lockedUntil: users.lockedUntil })
    .get();
  if (!row) return null;
  return { locksAccount: row.lockedUntil !== null, lockedUntil: row.lockedUntil };
}

/**
 * Releases a reservation after the right password: the counter goes back to 0, but only while
 * the lock is still what the reservation left (none, or its own): a lock written meanwhile by
 * other requests' failures is never cleared by a success.
 */
const releaseLoginAttempt = (db: Database, userId: number, attempt: LoginAttempt) =>
  db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(
      and(
        eq(users.id, userId),
        attempt.lockedUntil === null ? isNull(users.lockedUntil) : eq(users.lockedUntil, attempt.lockedUntil),
      ),
    );

/** Gives a reserved attempt back when the right password was refused for another reason (maintenance). */
export async function cancelLoginAttempt(db: Database, userId: number, attempt: LoginAttempt): Promise<void> {
  await releaseLoginAttempt(db, userId, attempt);
}

/** Releases the reservation, stamps lastLoginAt and opens a session, in one batch. */
export async function recordSuccessfulLogin(db: Database, row: UserRow, roles: Role[], meta: SessionMeta, attempt: LoginAttempt) {
  const now = isoNow();
  const session = newSession(row.id, meta);
  await db.batch([
    releaseLoginAttempt(db, row.id, attempt),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, row.id)),
    db.insert(sessions).values(session),
  ]);
  return { user: toUserDto({ ...row, lastLoginAt: now }, roles), session };
}

export const isLocked = (row: Pick<UserRow, "lockedUntil">) => !!row.lockedUntil && row.lockedUntil > isoNow();

export async function updateProfile(
  db: Database,
  userId: number,
  input: { firstName: string; lastName: string; profilePictureUrl?: string | null },
) {
  const set: Partial<typeof users.$inferInsert> = { firstName: input.firstName, lastName: input.lastName, updatedAt: isoNow() };
  if (input.profilePictureUrl !== undefined) set.profilePictureUrl = input.profilePictureUrl || null;
  await db.update(users).set(set).where(eq(users.id, userId));
  return getUserDto(db, userId);
}

/**
 * Releases the password-check reservation, stores the new hash, signs out every other session
 * of the user and queues the notice to the owner's email, all in one batch.
 */
export async function changePassword(
  db: Database,
  user: { id: number; email: string },
  keepSessionId: string,
  passwordHash: string,
  attempt: LoginAttempt,
  siteName = "Realm Codex",
): Promise<number> {
  const now = isoNow();
  const [, , , mail] = await db.batch([
    releaseLoginAttempt(db, user.id, attempt),
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt))),
    db
      .insert(emailOutbox)
      .values({
        toAddress: user.email,
        subject: `Your ${siteName} password was changed`,
        body:
          `The password of your ${siteName} account was just changed, and every other device was signed out.\n\n` +
          "If you did not do this, reset your password at once or contact an administrator.",
        createdAt: now,
      })
      .returning({ id: emailOutbox.id }),
  ]);
  // The outbox id, for the mail sender to be told about it.
  return mail[0]!.id;
}
