/** Small helpers shared by the project's Node scripts. */
import { spawn, type SpawnOptions } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Runs a command, streaming its output; rejects with a clear message on failure. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      ...options,
      // After `...options`: options.env adds to the inherited environment, never replaces it.
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", ...options.env },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with code ${code}`)),
    );
  });
}

/**
 * Local state directory (D1, R2, queues) shared by `npm run dev`, `npm start`, db:migrate and
 * db:seed, relative to the repository. REALM_STATE_DIR picks another one (the dev-server test
 * uses its own, so a developer's data is untouched).
 */
export const DEFAULT_PERSIST_DIR = process.env.REALM_STATE_DIR || ".wrangler/state";

/** Reads `--name value` from argv. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The local D1 database file of a state directory, for scripts that read it with node:sqlite.
 * Throws when there is none, or several: a state made while wrangler.toml gave D1 a placeholder
 * database_id keeps that database beside the one named after the binding (ADR 0049).
 */
export function localD1File(dir: string): string {
  const d1 = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(d1).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length === 1) return join(d1, files[0]!);
  if (!files.length) throw new Error(`No D1 database in ${dir}.`);
  throw new Error(`${files.length} D1 databases in ${dir}, one from before ADR 0049: delete the folder and run \`npm run dev\` (or db:migrate and db:seed) again.`);
}
