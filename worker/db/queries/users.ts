/** Accounts: look-ups, the public user object, registration, sign-in bookkeeping, profile, password. */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { isAllowedProfilePicture } from "../../../shared/schemas/auth";
import type { User } from "../../../shared/schemas/user";
import { emailOutbox, loginNetworks, passwordResetTokens, sessions, userRoles, users, type Role } from "../schema";
import { clearBudgetStatement, type Budget } from "./rate-counters";
import { parseRoles, rolesOf } from "./user-roles";

/**
 * Change-password and account deletion check the current password: 5 wrong ones per account in
 * 15 minutes, then 429 until the window ends (their own limit: sign-in locks are per network,
 * docs/decisions/0023-sign-in-locks.md). A right password gives the budget back.
 */
export const passwordCheckBudget = (userId: number): Budget => ({ key: `password-check:${userId}`, limit: 5, windowSeconds: 15 * 60 });

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

/** The full row (hash included, for password checks only) plus roles; deleted accounts are not found. */
export async function findUserByEmail(db: Database, email: string) {
  const row = await db.select({ user: users, roles: rolesOf }).from(users).where(and(eq(users.email, email), isNull(users.deletedAt))).get();
  return row ? { user: row.user, roles: parseRoles(row.roles) } : null;
}

export async function findUserById(db: Database, id: number) {
  const row = await db.select({ user: users, roles: rolesOf }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).get();
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
 * Creates the account with the User role in one batch (atomic). Nobody is signed in: the member
 * signs in with the password (registration answers the same whether or not the address was new,
 * docs/decisions/0046-mail-budgets-and-outbox.md). Returns null when the email is already taken.
 */
export async function createAccount(
  db: Database,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
  network: string,
) {
  const now = isoNow();
  const newUserId = sql<number>`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${input.email})`;
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning(),
      db.insert(userRoles).select(
        db.select({ userId: users.id, role: sql<Role>`'User'`.as("role") }).from(users).where(eq(users.email, input.email)),
      ),
      // The network it was created from counts as one the account proved itself from.
      db.insert(loginNetworks).values({ userId: newUserId, network, lastSeenAt: now }),
    ]);
    return toUserDto(inserted[0]!, ["User"]);
  } catch (err) {
    if (isUniqueEmailViolation(err)) return null;
    throw err;
  }
}

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
 * Stores the new hash, gives the password-check budget back, signs out every other session of
 * the user, ends any password reset link and queues the notice to the owner's email, all in one
 * batch. Returns the outbox id of the notice.
 */
export async function changePassword(
  db: Database,
  user: { id: number; email: string },
  keepSessionId: string,
  passwordHash: string,
  notice: { subject: string; body: string },
): Promise<number> {
  const now = isoNow();
  const [, , , , mail] = await db.batch([
    clearBudgetStatement(db, passwordCheckBudget(user.id).key),
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt))),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.insert(emailOutbox).values({ toAddress: user.email, ...notice, createdAt: now }).returning({ id: emailOutbox.id }),
  ]);
  // The outbox id, for the mail sender to be told about it.
  return mail[0]!.id;
}
