/**
 * A local rehearsal of restoring D1 (docs/observability.md "Restoring D1"): back up, break,
 * restore into a fresh database, check nothing is missing.
 *
 *   npm run db:rehearse                       from a copy of .wrangler/state (or $REALM_STATE_DIR)
 *   npm run db:rehearse -- --persist-to DIR   from a copy of another local state
 *
 * 1. Copies the local state into .wrangler/rehearsal/source (your data is never touched).
 * 2. Backs it up with `wrangler d1 export`, data only. D1 refuses to export a database with
 *    virtual tables, and ours has FTS5 tables, so the export names the ordinary tables. Tables
 *    that triggers write (the FTS indexes, the kept counts of `facet_counts`, `published_news_tags`…)
 *    are left out too: the triggers rebuild them from their content tables on import, and rows
 *    imported over the rebuilt ones would clash.
 * 3. The incident: deletes every news article of the copy.
 * 4. Restores: a fresh database gets the migrations (schema, FTS tables, triggers), then the export.
 * 5. Compares the row count of every table, the rebuilt ones included (a kept count of 0 is the
 *    same as no row), a full-text search and each FTS index's records hidden from guests, with
 *    the copy before step 3.
 * On Cloudflare the same steps are `wrangler d1 time-travel restore` (to a minute of the last 30
 * days) or `wrangler d1 export --remote` + `wrangler d1 execute --remote --file`.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { migrate } from "./db-migrate.ts";
import { argValue, DEFAULT_PERSIST_DIR, localD1File, run } from "./lib.ts";

const from = argValue("--persist-to") ?? DEFAULT_PERSIST_DIR;
const root = ".wrangler/rehearsal";
const source = join(root, "source");
const target = join(root, "restored");
const backup = resolve(root, "backup.sql");
const started = Date.now();
const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);

/** The local D1 file of a state directory, opened read-only with node:sqlite. */
async function open(dir: string) {
  const file = localD1File(dir);
  const emit = process.emitWarning;
  process.emitWarning = () => {};
  const { DatabaseSync } = await import("node:sqlite");
  process.emitWarning = emit;
  return new DatabaseSync(file, { readOnly: true });
}

/** The tables a trigger writes (INSERT INTO, UPDATE, DELETE FROM in a trigger's body). */
function triggerWritten(db: DatabaseSync): Set<string> {
  const written = new Set<string>();
  for (const { sql } of db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all() as { sql: string }[]) {
    const body = sql.slice(sql.search(/\bBEGIN\b/i));
    for (const m of body.matchAll(/\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"]?(\w+)/gi)) written.add(m[1]!);
  }
  return written;
}

/** Rows that count in a rebuilt table: a kept count of 0 means the same as no row. */
const COUNTED: Record<string, string> = { facet_counts: "WHERE n <> 0" };

/**
 * The ordinary tables (FTS shadow tables, D1's and SQLite's own left out) with their row counts,
 * and which of them triggers write.
 */
async function counts(dir: string): Promise<{ rows: Record<string, number>; rebuilt: Set<string> }> {
  const db = await open(dir);
  try {
    const tables = (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all() as { name: string; sql: string }[])
      .filter((t) => !t.sql.startsWith("CREATE VIRTUAL") && !/_fts(_|$)/.test(t.name) && !/^(sqlite_|_cf_|d1_migrations)/.test(t.name))
      .map((t) => t.name);
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((db.prepare(`SELECT count(*) AS n FROM "${t}" ${COUNTED[t] ?? ""}`).get() as { n: number }).n);
    out["news_fts matches for 'the'"] = Number((db.prepare("SELECT count(*) AS n FROM news_fts WHERE news_fts MATCH 'the'").get() as { n: number }).n);
    // Each FTS index's records hidden from guests (its visibility column, kept by triggers).
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%' ORDER BY name").all() as { name: string }[];
    for (const { name } of indexes) {
      out[`${name} hidden records`] = Number((db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE "${name}" MATCH 'visibility : hidden'`).get() as { n: number }).n);
    }
    return { rows: out, rebuilt: triggerWritten(db) };
  } finally {
    db.close();
  }
}

if (!existsSync(join(from, "v3", "d1"))) throw new Error(`No local D1 in ${from}: run npm run dev (or db:migrate and db:seed) first.`);
localD1File(from); // exactly one database to rehearse on, or an error naming the folder
rmSync(root, { recursive: true, force: true });
mkdirSync(source, { recursive: true });
cpSync(from, join(source, ".wrangler", "state"), { recursive: true });
// A wrangler.toml beside the copy: `wrangler d1 export --local` reads the default state folder.
cpSync("wrangler.toml", join(source, "wrangler.toml"));
symlinkSync(resolve("migrations"), join(source, "migrations"));
const sourceState = join(source, ".wrangler", "state");
const { rows: before, rebuilt } = await counts(sourceState);
step(`Copied ${from}: ${Object.entries(before).map(([t, n]) => `${t} ${n}`).join(", ")}`);

// The export writes tables in name order (faction_spells before spells); the triggers count a
// row whichever of its tables comes first (migration 0019).
const tables = Object.keys(before).filter((t) => !t.includes(" ") && !rebuilt.has(t));
await run("npx", ["wrangler", "d1", "export", "DB", "--local", "--no-schema", "--output", backup, ...tables.flatMap((t) => ["--table", t])], { cwd: source, env: { CI: "true" } });
step(`Backed up ${tables.length} tables to ${backup} (rebuilt by triggers on import: ${[...rebuilt].filter((t) => t in before).join(", ")})`);

await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--command", "DELETE FROM news_tags; DELETE FROM news_articles;"], { cwd: source, env: { CI: "true" } });
const { rows: broken } = await counts(sourceState);
step(`Incident: news_articles ${before.news_articles} → ${broken.news_articles}`);

await migrate({ persistTo: target });
await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", target, "--file", backup], { env: { CI: "true" } });
const { rows: after } = await counts(target);
const diff = Object.keys(before).filter((t) => before[t] !== after[t]);
if (diff.length) {
  console.error(`✖ Restored database differs: ${diff.map((t) => `${t} ${before[t]} → ${after[t]}`).join(", ")}`);
  process.exit(1);
}
step(`Restored into ${target}: every table's rows and the news search match the copy before the incident.`);
