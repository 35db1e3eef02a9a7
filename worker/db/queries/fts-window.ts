/**
 * The newest matches of an FTS5 index (ADR 0040): its rowid order (ids, the order rows were
 * created), newest first, stopped by a LIMIT, so a common word never walks its whole doclist. The
 * site search ranks such a window by bm25; the news and gallery lists show theirs in the list's
 * own order, filtered. Every external-content index here has rowid = the content row's id.
 */
import { sql, type SQL } from "drizzle-orm";

/**
 * `(SELECT rowid AS match_id[, columns] FROM fts WHERE fts MATCH … ORDER BY rowid DESC LIMIT n) AS m`,
 * for a FROM clause: join the content table on `id = m.match_id` with a CROSS JOIN so the matches
 * drive and each row is read by its id (the planner never walks the content table).
 */
export function newestMatches(fts: string, match: unknown, limit: number, columns?: SQL): SQL {
  const table = sql.raw(fts);
  return sql`(SELECT rowid AS match_id${columns ? sql`, ${columns}` : sql``} FROM ${table} WHERE ${table} MATCH ${match}
    ORDER BY rowid DESC LIMIT ${sql.raw(String(limit))}) AS m`;
}

/** 1 when the index has more than `cap` matches (one past the window exists), else 0. */
export function matchesPast(fts: string, match: unknown, cap: number): SQL<number> {
  const table = sql.raw(fts);
  return sql<number>`EXISTS (SELECT 1 FROM ${table} WHERE ${table} MATCH ${match} ORDER BY rowid DESC LIMIT 1 OFFSET ${sql.raw(String(cap))})`;
}
