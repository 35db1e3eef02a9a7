/**
 * Budgets counted in D1: N uses per window (a minute, an hour, a day) for one subject, whatever
 * the address it comes from. Workers rate limits only know 10 s and 60 s windows per key; these
 * cover the rest (verification mail per account, reset requests per address and network...).
 * Each use is one upsert that returns the new count, so parallel requests cannot overspend.
 */
import { eq, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { rateCounters } from "../schema";

export type Budget = {
  /** Names the budget and its subject, e.g. `verify-mail:minute:42`. */
  key: string;
  limit: number;
  windowSeconds: number;
};

export type BudgetOutcome = { ok: boolean; /** Seconds until the window ends (at least 1). */ retryAfter: number };

/** The upsert that takes one use from the budget (a window that ended starts again at 1). */
export function takeStatement(db: Database, budget: Budget, nowMs = Date.now()) {
  const now = new Date(nowMs).toISOString();
  const ends = new Date(nowMs + budget.windowSeconds * 1000).toISOString();
  const expired = sql`${rateCounters.windowEndsAt} <= ${now}`;
  return db
    .insert(rateCounters)
    .values({ key: budget.key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${expired} THEN ${ends} ELSE ${rateCounters.windowEndsAt} END`,
      },
    })
    .returning({ count: rateCounters.count, windowEndsAt: rateCounters.windowEndsAt });
}

const outcome = (budget: Budget, row: { count: number; windowEndsAt: string } | undefined, nowMs: number): BudgetOutcome => ({
  ok: !!row && row.count <= budget.limit,
  retryAfter: row ? Math.max(1, Math.ceil((Date.parse(row.windowEndsAt) - nowMs) / 1000)) : budget.windowSeconds,
});

/** Takes one use; `ok` is false once the window's uses exceed the limit. */
export async function takeFromBudget(db: Database, budget: Budget): Promise<BudgetOutcome> {
  const nowMs = Date.now();
  const row = await takeStatement(db, budget, nowMs).get();
  return outcome(budget, row, nowMs);
}

/**
 * Takes one use from each budget in turn, stopping at the first that is spent (so a refused
 * request does not also spend the later, longer budgets). Answers the refusing budget's outcome.
 */
export async function takeFromBudgets(db: Database, budgets: readonly Budget[]): Promise<BudgetOutcome & { refusedBy?: Budget }> {
  for (const budget of budgets) {
    const result = await takeFromBudget(db, budget);
    if (!result.ok) return { ...result, refusedBy: budget };
  }
  return { ok: true, retryAfter: 0 };
}

/** Gives the whole budget back (a right password ends the count of wrong ones). */
export const clearBudgetStatement = (db: Database, key: string) => db.delete(rateCounters).where(eq(rateCounters.key, key));

/** Removes counters whose window ended (nothing reads them any more); answers how many. */
export async function deleteEndedCounters(db: Database, now = new Date().toISOString()): Promise<number> {
  const removed = await db.delete(rateCounters).where(lte(rateCounters.windowEndsAt, now)).returning({ key: rateCounters.key });
  return removed.length;
}
