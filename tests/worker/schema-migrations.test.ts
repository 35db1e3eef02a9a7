/**
 * worker/db/schema.ts (what drizzle writes queries against) and migrations/*.sql (what D1
 * really has, applied to this test's fresh database in setup.ts) describe the same tables:
 * every drizzle table exists with exactly its columns, each with the same NOT NULL, primary key
 * and type affinity, and every named index drizzle declares exists.
 */
import { env } from "cloudflare:test";
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
