/**
 * Sign-in bookkeeping: locks per (account, network), the per-account brake, the networks an
 * account proved itself from, and the session a right password opens. The figures and the
 * reasons are in docs/decisions/0023-sign-in-locks.md.
 *
 * The account is named by `accountKey` (the SHA-256 of the normalised email), never by a user
 * id, so an address without an account is counted, locked and braked exactly like one with an
 * account: nothing sign-in answers tells them apart.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { loginBrakes, loginLocks, loginNetworks, sessions, users, type Role } from "../schema";
import { hashToken } from "./mail";
import { newSession, type SessionMeta } from "./sessions";
import { parseRoles, rolesOf } from "./user-roles";
import { toUserDto } from "./users";

/** Wrong passwords from one network to one account within the count window lock that pair... */
export const MAX_FAILURES_PER_NETWORK = 5;
/** ...for this long (the spec's lock text says 15 minutes). Failures older than this no longer count. */
export const LOCK_MINUTES = 15;
/** The brake counts an account's wrong passwords from every network over this window... */
export const BRAKE_WINDOW_MINUTES = 60;
/** ...and past this many, unfamiliar networks share one password check per BRAKE_SPACING_SECONDS. */
export const BRAKE_THRESHOLD = 20;
export const BRAKE_SPACING_SECONDS = 60;
/** A network the account signed in from (or used a mailed link from) within this many days is familiar. */
export const FAMILIAR_DAYS = 180;

type UserRow = typeof users.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

/** The account key of a normalised email: its SHA-256 (hex). */
export const accountKeyOf = (email: string) => hashToken(`account:${email}`);

/**
 * One reserved password check: whether it is the one that locked the network out (and the lock
 * value it wrote, so a later success or cancel touches only its own lock).
 */
export type LockAttempt = { locksNetwork: boolean; lockedUntil: string | null };

export type SignInState = {
  found: { user: UserRow; roles: Role[] } | null;
  /** null: this network is locked out of this account; no password may be checked. */
  attempt: LockAttempt | null;
  /** The account's brake is on (too many wrong passwords from everywhere this hour). */
  braked: boolean;
  /** The account signed in from this network (or used a mailed link from it) lately. */
  familiar: boolean;
};

const pairIs = (accountKey: string, network: string) => and(eq(loginLocks.accountKey, accountKey), eq(loginLocks.network, network));

/**
 * Reserves one password check for (account, network) BEFORE any hash is computed: an upsert
 * whose update only happens while the pair is not locked, so a locked pair gets no row back.
 * The reservation counts as a failure until a success gives it back; the one that reaches the
 * limit writes the lock itself, so however many requests arrive at once, at most
 * MAX_FAILURES_PER_NETWORK checks run per network and lock period. An expired lock, or a count
 * whose last failure is older than the window, starts again at 1.
 */
function reserveStatement(db: Database, accountKey: string, network: string, nowMs: number) {
  const now = iso(nowMs);
  const lockUntil = iso(nowMs + LOCK_MINUTES * 60_000);
  const restarts = sql`((${loginLocks.lockedUntil} IS NOT NULL AND ${loginLocks.lockedUntil} <= ${now}) OR ${loginLocks.updatedAt} <= ${iso(nowMs - LOCK_MINUTES * 60_000)})`;
  const next = sql`(CASE WHEN ${restarts} THEN 1 ELSE ${loginLocks.failures} + 1 END)`;
  return db
    .insert(loginLocks)
    .values({ accountKey, network, failures: 1, lockedUntil: MAX_FAILURES_PER_NETWORK <= 1 ? lockUntil : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginLocks.accountKey, loginLocks.network],
      set: {
        failures: next,
        lockedUntil: sql`CASE WHEN ${next} >= ${MAX_FAILURES_PER_NETWORK} THEN ${lockUntil} ELSE NULL END`,
        unlockTokenHash: sql`CASE WHEN ${restarts} THEN NULL ELSE ${loginLocks.unlockTokenHash} END`,
        updatedAt: now,
      },
      setWhere: sql`${loginLocks.lockedUntil} IS NULL OR ${loginLocks.lockedUntil} <= ${now}`,
    })
    .returning({ lockedUntil: loginLocks.lockedUntil });
}

/**
 * Everything a sign-in needs before the password check, in one batch (one D1 round trip): the
 * account (if any), the reserved check (or the network's lock), the brake and whether this
 * network is familiar. The same statements run for every address, with or without an account.
 */
export async function openSignIn(db: Database, email: string, accountKey: string, network: string): Promise<SignInState> {
  const nowMs = Date.now();
  const [found, reserved, brake, familiar] = await db.batch([
    db.select({ user: users, roles: rolesOf }).from(users).where(and(eq(users.email, email), isNull(users.deletedAt))),
    reserveStatement(db, accountKey, network, nowMs),
    db.select().from(loginBrakes).where(eq(loginBrakes.accountKey, accountKey)),
    db
      .select({ one: sql<number>`1` })
      .from(loginNetworks)
      .innerJoin(users, eq(users.id, loginNetworks.userId))
      .where(and(eq(users.email, email), eq(loginNetworks.network, network), gt(loginNetworks.lastSeenAt, iso(nowMs - FAMILIAR_DAYS * 86_400_000))))
      .limit(1),
  ]);
  const row = found[0];
  const lock = reserved[0];
  const b = brake[0];
  return {
    found: row ? { user: row.user, roles: parseRoles(row.roles) } : null,
    attempt: lock ? { locksNetwork: lock.lockedUntil !== null, lockedUntil: lock.lockedUntil } : null,
    braked: !!b && b.windowStartedAt > iso(nowMs - BRAKE_WINDOW_MINUTES * 60_000) && b.failures >= BRAKE_THRESHOLD,
    familiar: familiar.length > 0,
  };
}

/**
 * While the brake is on, claims the account's next check for an unfamiliar network: true for at
 * most one caller per BRAKE_SPACING_SECONDS (a conditional UPDATE), false for the others.
 */
export async function claimBrakedCheck(db: Database, accountKey: string): Promise<boolean> {
  const nowMs = Date.now();
  const claimed = await db
    .update(loginBrakes)
    .set({ nextCheckAt: iso(nowMs + BRAKE_SPACING_SECONDS * 1000) })
    .where(
      and(
        eq(loginBrakes.accountKey, accountKey),
        sql`(${loginBrakes.nextCheckAt} IS NULL OR ${loginBrakes.nextCheckAt} <= ${iso(nowMs)})`,
      ),
    )
    .returning({ accountKey: loginBrakes.accountKey });
  return claimed.length > 0;
}

/** The lock a reservation may touch: none, or the one it wrote itself. */
const ownLock = (attempt: LockAttempt) =>
  attempt.lockedUntil === null ? isNull(loginLocks.lockedUntil) : eq(loginLocks.lockedUntil, attempt.lockedUntil);

/**
 * Gives a reservation back unused (the brake refused the check, or maintenance refused a right
 * password): one failure fewer, and the lock it wrote (if any) lifted. A lock other requests
 * wrote meanwhile stays.
 */
export async function cancelAttempt(db: Database, accountKey: string, network: string, attempt: LockAttempt): Promise<void> {
  await db
    .update(loginLocks)
    .set({ failures: sql`max(${loginLocks.failures} - 1, 0)`, lockedUntil: null })
    .where(and(pairIs(accountKey, network), ownLock(attempt)));
}

/** Counts a wrong password toward the account's brake (every network together). */
export function brakeFailureStatement(db: Database, accountKey: string, nowMs = Date.now()) {
  const now = iso(nowMs);
  const over = sql`${loginBrakes.windowStartedAt} <= ${iso(nowMs - BRAKE_WINDOW_MINUTES * 60_000)}`;
  return db
    .insert(loginBrakes)
    .values({ accountKey, windowStartedAt: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginBrakes.accountKey,
      set: {
        failures: sql`CASE WHEN ${over} THEN 1 ELSE ${loginBrakes.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${over} THEN ${now} ELSE ${loginBrakes.windowStartedAt} END`,
        nextCheckAt: sql`CASE WHEN ${over} THEN NULL ELSE ${loginBrakes.nextCheckAt} END`,
      },
    });
}

export async function recordWrongPassword(db: Database, accountKey: string): Promise<void> {
  await brakeFailureStatement(db, accountKey).run();
}

/** Remembers (or refreshes) a network the account proved itself from. */
export const familiarNetworkStatement = (db: Database, userId: number, network: string, now = new Date().toISOString()) =>
  db
    .insert(loginNetworks)
    .values({ userId, network, lastSeenAt: now })
    .onConflictDoUpdate({ target: [loginNetworks.userId, loginNetworks.network], set: { lastSeenAt: now } });

/**
 * The right password: gives the reservation back (a compare-and-swap on the lock it saw, so a
 * lock other requests wrote meanwhile stays), remembers the network, stamps lastLoginAt and
 * opens the session, in one batch.
 */
export async function completeSignIn(
  db: Database,
  row: UserRow,
  roles: Role[],
  meta: SessionMeta & { accountKey: string; network: string },
  attempt: LockAttempt,
) {
  const now = new Date().toISOString();
  const session = newSession(row.id, meta);
  await db.batch([
    db
      .update(loginLocks)
      .set({ failures: 0, lockedUntil: null, unlockTokenHash: null })
      .where(and(pairIs(meta.accountKey, meta.network), ownLock(attempt))),
    familiarNetworkStatement(db, row.id, meta.network, now),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, row.id)),
    db.insert(sessions).values(session),
  ]);
  return { user: toUserDto({ ...row, lastLoginAt: now }, roles), session };
}

/** Every lock and the brake of an account lifted (its password was reset). */
export const clearAccountLocksStatements = (db: Database, accountKey: string) =>
  [db.delete(loginLocks).where(eq(loginLocks.accountKey, accountKey)), db.delete(loginBrakes).where(eq(loginBrakes.accountKey, accountKey))] as const;

/**
 * Attaches a single-use unlock link (the SHA-256 of its token, worker/lib/mail-link.ts) to a lock
 * that was just written (the lock value proves it is still that lock). False when the lock is gone.
 */
export async function attachUnlockToken(db: Database, accountKey: string, network: string, lockedUntil: string, tokenHash: string): Promise<boolean> {
  const updated = await db
    .update(loginLocks)
    .set({ unlockTokenHash: tokenHash })
    .where(and(pairIs(accountKey, network), eq(loginLocks.lockedUntil, lockedUntil)))
    .returning({ network: loginLocks.network });
  return updated.length > 0;
}

export type UnlockOutcome = "unlocked" | "expired" | "invalid";

/**
 * Uses an unlock link: lifts its lock and forgets the token in one conditional UPDATE (so it
 * works once). A link whose lock already ended answers "expired"; an unknown, forged or used
 * one "invalid".
 */
export async function useUnlockToken(db: Database, token: string): Promise<UnlockOutcome> {
  const tokenHash = await hashToken(token);
  const now = new Date().toISOString();
  const lifted = await db
    .update(loginLocks)
    .set({ failures: 0, lockedUntil: null, unlockTokenHash: null })
    .where(and(eq(loginLocks.unlockTokenHash, tokenHash), gt(loginLocks.lockedUntil, now)))
    .returning({ network: loginLocks.network });
  if (lifted.length) return "unlocked";
  const stale = await db.select({ network: loginLocks.network }).from(loginLocks).where(eq(loginLocks.unlockTokenHash, tokenHash)).get();
  return stale ? "expired" : "invalid";
}

/**
 * Sign-in records nothing reads any more, in one batch: locks (and counts) untouched for a day,
 * brake windows over for a day, networks not seen for FAMILIAR_DAYS. Answers rows removed.
 */
export async function deleteStaleSignInRows(db: Database, nowMs = Date.now()): Promise<number> {
  const dayAgo = iso(nowMs - 86_400_000);
  const results = await db.batch([
    db
      .delete(loginLocks)
      .where(and(sql`${loginLocks.updatedAt} <= ${dayAgo}`, sql`(${loginLocks.lockedUntil} IS NULL OR ${loginLocks.lockedUntil} <= ${iso(nowMs)})`))
      .returning({ network: loginLocks.network }),
    db.delete(loginBrakes).where(sql`${loginBrakes.windowStartedAt} <= ${dayAgo}`).returning({ key: loginBrakes.accountKey }),
    db
      .delete(loginNetworks)
      .where(sql`${loginNetworks.lastSeenAt} <= ${iso(nowMs - FAMILIAR_DAYS * 86_400_000)}`)
      .returning({ network: loginNetworks.network }),
  ]);
  return results.reduce((n, rows) => n + rows.length, 0);
}
