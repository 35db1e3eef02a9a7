import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

/** Without the relational `db.query` API (see openDatabase): queries use the query builder. */
export type Database = DrizzleD1Database;

/**
 * The drizzle handle over the D1 binding: routes get it as `c.get("db")`, jobs open their own.
 * Queries use the query builder with the tables from ./schema; the handle is made without the
 * schema because drizzle then derives the relational-query config from all tables on every
 * call (about 1 ms of CPU per handle, several handles per page), for `db.query`, which is unused.
 */
export const openDatabase = (d1: D1Database): Database => drizzle(d1);
