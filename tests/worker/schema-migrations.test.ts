/**
 * worker/db/schema.ts (what drizzle writes queries against) and migrations/*.sql (what D1
 * really has) describe the same tables: every drizzle table exists with exactly its columns, each
 * with the same NOT NULL, primary key and type affinity, and every named index drizzle declares
 * exists. Every test file starts from one snapshot of the migrated database (tests/worker/setup.ts,
 * ADR 0055); the first test proves the chain of migrations, applied here to an empty D1, gives that
 * same database.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

type ColumnInfo = { name: string; type: string; notnull: number; pk: number };

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** SQLite's type affinity of a declared column type (INTEGER, TEXT, REAL, NUMERIC, BLOB). */
const affinity = (type: string) => {
  const t = type.toUpperCase();
  if (t.includes("INT")) return "INTEGER";
  if (t.includes("CHAR") || t.includes("CLOB") || t.includes("TEXT")) return "TEXT";
  if (t === "" || t.includes("BLOB")) return "BLOB";
  if (t.includes("REAL") || t.includes("FLOA") || t.includes("DOUB")) return "REAL";
  return "NUMERIC";
};

/**
 * Every schema object and every row of a database, in a stable order. FTS5's shadow tables (an
 * index's storage) are left out: a rebuilt empty index and a new one differ in a header's bytes.
 */
async function contents(db: D1Database) {
  const master = (
    await db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type, name").all<{ type: string; name: string; sql: string | null }>()
  ).results;
  const shadow = new Set((await db.prepare("PRAGMA table_list").all<{ name: string; type: string }>()).results.filter((t) => t.type === "shadow").map((t) => t.name));
  const rows: Record<string, string[]> = {};
  for (const { name } of master.filter((m) => m.type === "table" && !shadow.has(m.name) && !/^CREATE VIRTUAL/i.test(m.sql ?? ""))) {
    const { results } = await db.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    rows[name] = results
      .map((row) => {
        // When the chain ran is not part of the database's contents.
        if (name === "d1_migrations") delete row.applied_at;
        return JSON.stringify(row, (_, v: unknown) => (v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v));
      })
      .sort();
  }
  return { master, rows };
}

describe("the migrated database every test file starts from", () => {
  it("is what the chain of migrations gives when applied to an empty D1 one by one: the same tables, indexes, views, triggers and rows", async () => {
    await applyD1Migrations(env.CHAIN_D1, env.TEST_MIGRATIONS);
    const [chain, snapshot] = [await contents(env.CHAIN_D1), await contents(env.DB)];
    expect(chain.master.length).toBeGreaterThan(100);
    expect(snapshot.master).toEqual(chain.master);
    expect(snapshot.rows).toEqual(chain.rows);
    expect(snapshot.rows.d1_migrations).toHaveLength(env.TEST_MIGRATIONS.length);
    // Each full-text index of the snapshot holds exactly its content table's rows (none).
    const indexes = snapshot.master.filter((m) => /^CREATE VIRTUAL TABLE .* USING fts5/is.test(m.sql ?? "")).map((m) => m.name);
    expect(indexes.length).toBeGreaterThan(0);
    for (const fts of indexes) await env.DB.prepare(`INSERT INTO "${fts}" ("${fts}") VALUES ('integrity-check')`).run();
  });
});

describe("drizzle schema and migrations", () => {
  it("finds the drizzle tables", () => {
    expect(tables.length).toBeGreaterThan(10);
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    "table %s has the same columns in the migrated D1 as in schema.ts",
    async (name, table) => {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<ColumnInfo>();
      const inDatabase = results.map((c) => ({ name: c.name, type: affinity(c.type), notNull: c.notnull === 1 || c.pk > 0, pk: c.pk > 0 }));
      const primaryKeys = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      const inSchema = config.columns.map((c) => ({
        name: c.name,
        type: affinity(c.getSQLType()),
        notNull: c.notNull || c.primary || primaryKeys.has(c.name),
        pk: c.primary || primaryKeys.has(c.name),
      }));
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      expect(inDatabase.sort(byName)).toEqual(inSchema.sort(byName));

      const { results: indexes } = await env.DB.prepare(`PRAGMA index_list("${name}")`).all<{ name: string }>();
      const indexNames = new Set(indexes.map((i) => i.name));
      for (const index of config.indexes) expect(indexNames, `index ${index.config.name}`).toContain(index.config.name);
    },
  );
});
