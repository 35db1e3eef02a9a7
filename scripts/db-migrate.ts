/**
 * Applies migrations/ to D1 with wrangler.
 *   npm run db:migrate                      local database (.wrangler/state)
 *   npm run db:migrate -- --persist-to DIR  another local state directory
 *   npm run db:migrate -- --remote          the deployed database (needs `wrangler login`)
 */
import { argValue, DEFAULT_PERSIST_DIR, run } from "./lib.ts";

export async function migrate(options: { remote?: boolean; persistTo?: string } = {}): Promise<void> {
  const args = ["wrangler", "d1", "migrations", "apply", "DB"];
  if (options.remote) args.push("--remote");
  else args.push("--local", "--persist-to", options.persistTo ?? DEFAULT_PERSIST_DIR);
  try {
    await run("npx", args, { env: { CI: "true" } });
  } catch (err) {
    throw new Error(
      `Applying migrations failed (${(err as Error).message}). D1 applies each migration in a ` +
        "transaction, so the database is left at the last migration that succeeded.",
      { cause: err },
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrate({ remote: process.argv.includes("--remote"), persistTo: argValue("--persist-to") }).catch((err) => {
    console.error(`✖ ${(err as Error).message}`);
    process.exit(1);
  });
}
