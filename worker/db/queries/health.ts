import { sql } from "drizzle-orm";
import type { Database } from "../client";

/** One trivial read: proves the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.get(sql`SELECT 1`);
}
