import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { facetCounts } from "../schema";

/**
 * A total from kept counts (facet_counts): the sum of the rows `where` picks (one value's count,
 * several values', or a whole list's), 0 when there are none. One statement, a row read per value.
 */
export const keptTotal = (db: Database, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`coalesce(sum(${facetCounts.n}), 0)`.mapWith(Number) })
    .from(facetCounts)
    .where(where);
