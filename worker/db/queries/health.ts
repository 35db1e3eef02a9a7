import { sql } from "drizzle-orm";
import type { Database } from "../../env";

/** One trivial read: proves the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.get(sql`SELECT 1`);
}
