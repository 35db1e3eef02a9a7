/**
 * Cron (with the mail sweep, every 5 minutes): removes account records nothing reads any more —
 * D1 budgets whose window ended, sign-in locks and brake windows idle for a day, familiar networks
 * not seen for 180 days — so addresses that attackers try by the thousand do not pile up rows.
 */
import { openDatabase } from "../db/client";
import { deleteEndedCounters } from "../db/queries/rate-counters";
import { deleteStaleSignInRows } from "../db/queries/sign-in";

export async function sweepAccountRecords(env: Env): Promise<number> {
  const db = openDatabase(env.DB);
  return (await deleteEndedCounters(db)) + (await deleteStaleSignInRows(db));
}
