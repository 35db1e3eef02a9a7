/**
 * Run before `npm run dev` and `npm start`: makes .dev.vars if missing, applies migrations to
 * the local D1 and loads the demo content when the database is empty.
 */
import { ensureDevVars } from "./ensure-dev-vars.ts";
import { migrate } from "./db-migrate.ts";
import { argValue, DEFAULT_PERSIST_DIR, run } from "./lib.ts";

const persistTo = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;

try {
  ensureDevVars();
  await migrate({ persistTo });
  await run(process.execPath, ["scripts/seed.ts", "--if-empty", "--persist-to", persistTo]);
} catch (err) {
  console.error(`✖ Local setup failed: ${(err as Error).message}`);
  process.exit(1);
}
