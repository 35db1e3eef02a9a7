/**
 * The e-mail outbox: what the mail sender claims, reads and marks, the purges, and the
 * verification links. See worker/jobs/mail.ts and docs/decisions/0046-mail-budgets-and-outbox.md.
 */
import type { pagePatterns } from "@shared/paths";
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { emailOutbox, emailVerificationTokens, users } from "../schema";

/** A message is tried this many times (queue retries and cron sweeps together), then given up. */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a verification link stays valid. */
export const VERIFICATION_TTL_HOURS = 24;
/** Outbox rows are deleted this many days after they were written, sent or not (every link in them has expired by then). */
export const MAIL_RETENTION_DAYS = 7;
/** A claimed message is left to its sender this long; past it (the sender died) another may send it. */
export const MAIL_CLAIM_SECONDS = 60;

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** The pages a mailed link opens. */
export type LinkPath = (typeof pagePatterns)["verifyEmail" | "resetPassword" | "unlock"];

/** What the outbox keeps of a link (no token; worker/lib/mail-link.ts makes and reads it). */
export type MailLink = { linkPath: LinkPath; linkNonce: string; linkKeyId: string };

/** A message to write: its text, with LINK_MARK where its link goes (and the link, if any). */
export type NewMail = { toAddress: string; subject: string; body: string; link?: MailLink };

/** The outbox row of a message (insert values). */
export const outboxValues = ({ link, ...mail }: NewMail, createdAt?: string) => ({ ...mail, ...link, ...(createdAt ? { createdAt } : {}) });

/**
 * Claims a message for sending: one conditional UPDATE, so of two senders (a queue message and
 * the cron, or a message the queue delivered twice) only one gets the row. Null when it is sent,
 * given up, gone, or claimed by another sender right now.
 */
export async function claimOutboxRow(db: Database, id: number): Promise<OutboxRow | null> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const row = await db
    .update(emailOutbox)
    .set({ claimedUntil: new Date(nowMs + MAIL_CLAIM_SECONDS * 1000).toISOString() })
    .where(
      and(
        eq(emailOutbox.id, id),
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
      ),
    )
    .returning()
    .get();
  return row ?? null;
}

export async function markMailSent(db: Database, id: number, messageId: string | null) {
  const now = new Date().toISOString();
  await db
    .update(emailOutbox)
    .set({ sentAt: now, lastAttemptAt: now, attempts: sql`${emailOutbox.attempts} + 1`, messageId, lastError: null, claimedUntil: null })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
}

/** Counts a failed attempt; gives the message up (failedAt) once it used all its attempts. Returns true when given up. */
export async function markMailFailed(db: Database, id: number, error: string): Promise<boolean> {
  const now = new Date().toISOString();
  const row = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      lastAttemptAt: now,
      claimedUntil: null,
      failedAt: sql`CASE WHEN ${emailOutbox.attempts} + 1 >= ${MAX_MAIL_ATTEMPTS} THEN ${now} ELSE NULL END`,
    })
    .where(eq(emailOutbox.id, id))
    .returning({ failedAt: emailOutbox.failedAt })
    .get();
  return !!row?.failedAt;
}

/**
 * Messages still waiting: not sent, not given up, not claimed, and not touched in the last
 * `quietMinutes` (so the sweep does not race a delivery the queue is about to retry). Oldest first.
 */
export async function pendingMailIds(db: Database, quietMinutes: number, limit: number): Promise<number[]> {
  const now = new Date().toISOString();
  const before = new Date(Date.now() - quietMinutes * 60_000).toISOString();
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        lte(emailOutbox.createdAt, before),
        sql`(${emailOutbox.lastAttemptAt} IS NULL OR ${emailOutbox.lastAttemptAt} <= ${before})`,
        sql`(${emailOutbox.claimedUntil} IS NULL OR ${emailOutbox.claimedUntil} <= ${now})`,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Deletes the messages written before `before` (the retention purge); answers how many. */
export async function purgeOutbox(db: Database, before: string): Promise<number> {
  const removed = await db.delete(emailOutbox).where(lte(emailOutbox.createdAt, before)).returning({ id: emailOutbox.id });
  return removed.length;
}

/** Writes one message to the outbox and returns its id. */
export async function queueMail(db: Database, mail: NewMail): Promise<number> {
  const row = await db.insert(emailOutbox).values(outboxValues(mail)).returning({ id: emailOutbox.id }).get();
  return row.id;
}

/** SHA-256 hex of a token: only the hash is stored, so a database leak reveals no working link. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Writes a verification link for the user's address and its e-mail in one batch (with `extra`
 * statements, such as an admin's audit row); earlier unused links of the user stop working.
 * `tokenHash` is the SHA-256 of the link's token (worker/lib/mail-link.ts). Returns the outbox id.
 */
export async function createVerification(
  db: Database,
  user: { id: number; email: string },
  mail: NewMail,
  tokenHash: string,
  extra: BatchItem<"sqlite">[] = [],
): Promise<number> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + VERIFICATION_TTL_HOURS * 3_600_000).toISOString();
  const [, , inserted] = await db.batch([
    db
      .update(emailVerificationTokens)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt))),
    db.insert(emailVerificationTokens).values({ tokenHash, userId: user.id, email: user.email, expiresAt }),
    db.insert(emailOutbox).values(outboxValues(mail)).returning({ id: emailOutbox.id }),
    ...extra,
  ]);
  return (inserted as { id: number }[])[0]!.id;
}

export type VerificationOutcome = "confirmed" | "expired" | "used" | "invalid";

/**
 * Uses a verification link: marks it used and the user's address confirmed, atomically and only
 * once (a second use answers "used"; an unknown token "invalid"; an old one "expired").
 */
export async function useVerification(db: Database, token: string): Promise<{ outcome: VerificationOutcome; userId?: number }> {
  const tokenHash = await hashToken(token);
  const now = new Date().toISOString();
  const claimed = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email })
    .get();
  if (claimed) {
    await db
      .update(users)
      .set({ emailConfirmed: true, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)));
    return { outcome: "confirmed", userId: claimed.userId };
  }
  const row = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash)).get();
  if (!row) return { outcome: "invalid" };
  if (row.usedAt) return { outcome: "used" };
  return { outcome: "expired" };
}
