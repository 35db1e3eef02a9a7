/**
 * The Worker tests' starting database (vitest globalSetup of the `worker` project, ADR 0055):
 * migrations/ applied once per run, in Node's SQLite, and written out as one list of statements
 * (tables, their rows, the AUTOINCREMENT counters, indexes, views, triggers) that
 * tests/worker/setup.ts runs in one batch at the start of every test file, instead of each file
 * applying the whole chain migration by migration. tests/worker/schema-migrations.test.ts applies
 * the chain in workerd's D1 to an empty database and requires the same database as the snapshot.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readD1Migrations } from "@cloudflare/vitest-plugin";

type SnapshotStatement = { sql: string; params: (string | number | null)[] };
type MasterRow = { type: string; name: string; sql: string };

/** The chain applied as cloudflare:test's applyD1Migrations applies it: each migration in one transaction, recorded in d1_migrations. */
function applyChain(db: DatabaseSync, migrations: { name: string; queries: string[] }[]) {
  // Its exact text: the schema test compares the snapshot's schema with the chain's, text included.
  db.exec(
    `CREATE TABLE IF NOT EXISTS "d1_migrations" (\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n\t);`,
  );
  const record = db.prepare(`INSERT INTO "d1_migrations" (name) VALUES (?)`);
  for (const migration of migrations) {
    db.exec("BEGIN");
    for (const query of migration.queries) db.prepare(query).run();
    record.run(migration.name);
    db.exec("COMMIT");
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statements that rebuild `db` in an empty D1: every table in the order it was made (an FTS5
 * table makes its own shadow tables: D1 forbids writing them, and over empty content tables the
 * index is empty either way), the rows, the AUTOINCREMENT counters, then the indexes, views and
 * triggers (last, so the copied rows fire none of them).
 */
function snapshotOf(db: DatabaseSync): SnapshotStatement[] {
  const master = db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
    .all() as MasterRow[];
  const shadow = new Set((db.prepare("PRAGMA table_list").all() as { name: string; type: string }[]).filter((t) => t.type === "shadow").map((t) => t.name));
  const tables = master.filter((m) => m.type === "table" && !shadow.has(m.name));
  const statements: SnapshotStatement[] = tables.map((t) => ({ sql: t.sql, params: [] }));
  for (const table of tables.filter((t) => !/^CREATE VIRTUAL/i.test(t.sql))) {
    for (const row of db.prepare(`SELECT * FROM ${quote(table.name)}`).all()) {
      const columns = Object.keys(row);
      const params = Object.values(row).map((v) => {
        if (v === null || typeof v === "string" || typeof v === "number") return v;
        throw new Error(`${table.name}: a migration left a value the snapshot does not copy (${typeof v})`);
      });
      statements.push({ sql: `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, params });
    }
  }
  const sequences = db.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[];
  if (sequences.length) statements.push({ sql: "DELETE FROM sqlite_sequence", params: [] });
  for (const s of sequences) statements.push({ sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", params: [s.name, s.seq] });
  for (const type of ["index", "view", "trigger"]) for (const m of master) if (m.type === type) statements.push({ sql: m.sql, params: [] });
  return statements;
}

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const db = new DatabaseSync(":memory:");
  try {
    applyChain(db, await readD1Migrations(path.resolve("migrations")));
    provide("d1Snapshot", snapshotOf(db));
  } finally {
    db.close();
  }
}
