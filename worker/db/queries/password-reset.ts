/**
 * Password reset links: single use, valid RESET_TTL_MINUTES, only the token's SHA-256 stored. A
 * new link, a use, or a password change (change-password, another reset) ends the old ones.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { emailOutbox, passwordResetTokens, sessions, users } from "../schema";
import { hashToken, outboxValues, type NewMail } from "./mail";
import { clearAccountLocksStatements, familiarNetworkStatement } from "./sign-in";

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 60;

export type ResetLinkState = "valid" | "expired" | "used" | "invalid";

/**
 * Writes a reset link for the user and its mail in one batch, with `extra` statements such as
 * an admin's audit row (earlier unused links stop working). `tokenHash` is the SHA-256 of the
 * link's token (worker/lib/mail-link.ts). Returns the outbox id of the message.
 */
export async function createPasswordReset(
  db: Database,
  user: { id: number; email: string },
  mail: NewMail,
  tokenHash: string,
  extra: BatchItem<"sqlite">[] = [],
): Promise<number> {
  const nowMs = Date.now();
  const [, , inserted] = await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: new Date(nowMs).toISOString() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      expiresAt: new Date(nowMs + RESET_TTL_MINUTES * 60_000).toISOString(),
    }),
    db.insert(emailOutbox).values(outboxValues(mail)).returning({ id: emailOutbox.id }),
    ...extra,
  ]);
  return (inserted as { id: number }[])[0]!.id;
}

/** What a reset link is now (without using it): the reset page asks before showing its form. */
export async function resetLinkState(db: Database, token: string): Promise<{ state: ResetLinkState; email?: string }> {
  const row = await db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt, email: users.email, deletedAt: users.deletedAt, isActive: users.isActive })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, await hashToken(token)))
    .get();
  if (!row || row.deletedAt) return { state: "invalid" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= new Date().toISOString()) return { state: "expired" };
  return { state: "valid", email: row.email };
}

/**
 * Uses a reset link: claims it (a conditional UPDATE, so it works once), then in one batch
 * stores the new hash, confirms the address (the link came through it), ends every other link
 * and every session of the account, lifts its sign-in locks and brake, remembers the network,
 * and queues the "password changed" notice. Answers the state that refused it otherwise.
 */
export async function usePasswordReset(
  db: Database,
  token: string,
  passwordHash: string,
  context: { network: string; accountKeyOf(email: string): Promise<string>; notice: { subject: string; body: string } },
): Promise<{ state: "changed"; userId: number; outboxId: number } | { state: Exclude<ResetLinkState, "valid"> }> {
  const tokenHash = await hashToken(token);
  const now = new Date().toISOString();
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
    .get();
  const user = claimed
    ? await db.select({ id: users.id, email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, claimed.userId)).get()
    : undefined;
  if (!claimed || !user || user.deletedAt) {
    const { state } = await resetLinkState(db, token);
    return { state: state === "valid" ? "used" : state };
  }
  const results = await db.batch([
    db.update(users).set({ passwordHash, emailConfirmed: true, updatedAt: now }).where(eq(users.id, user.id)),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt))),
    ...clearAccountLocksStatements(db, await context.accountKeyOf(user.email)),
    familiarNetworkStatement(db, user.id, context.network, now),
    db.insert(emailOutbox).values(outboxValues({ toAddress: user.email, ...context.notice }, now)).returning({ id: emailOutbox.id }),
  ]);
  const mail = results[results.length - 1] as { id: number }[];
  return { state: "changed", userId: user.id, outboxId: mail[0]!.id };
}
