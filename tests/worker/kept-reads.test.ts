/**
 * Kept reads (worker/db/kept.ts) on the real local D1: statements built once per shape answer
 * exactly what the same builder answers when built afresh, in a batch and awaited alone, for
 * each request's values; a shape's statements are built once, and a new shape builds its own.
 */
import { env } from "cloudflare:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { keptReads } from "../../worker/db/kept";
import { getUnitDetail } from "../../worker/db/queries/unit";
import { factions, units } from "../../worker/db/schema";
import type { Database } from "../../worker/db/client";
import { insertFaction, insertUnit } from "./game-fixtures";

/** A faction's units (all, or only active ones) and the faction with a joined count. */
const build = (db: Database, shape: { all: boolean }, factionId: unknown) => ({
  units: db
    .select()
    .from(units)
    .where(and(eq(units.factionId, factionId as number), shape.all ? undefined : eq(units.isActive, true)))
    .orderBy(asc(units.id)),
  faction: db
    .select({ faction: factions, unitCount: db.$count(units, eq(units.factionId, factions.id)) })
    .from(factions)
    .where(eq(factions.id, factionId as number)),
});

async function seed() {
  const factionId = await insertFaction();
  const active = await insertUnit(factionId, { tier: 2 });
  const hidden = await insertUnit(factionId, { is_active: 0 });
  return { factionId, active, hidden };
}

describe("kept reads", () => {
  it("answer what the freshly built statements answer, per shape and per request's values, in a batch and awaited", async () => {
    const first = await seed();
    const second = await seed();
    let builds = 0;
    const reads = keptReads((db, shape: { all: boolean }) => {
      builds++;
      return build(db, shape, sql.placeholder("factionId"));
    });
    for (const { factionId } of [first, second, first]) {
      for (const all of [false, true]) {
        // A new handle per request, as the API makes one per request.
        const db = openDatabase(env.DB);
        const fresh = build(db, { all }, factionId);
        const kept = reads(db, { all }, { factionId });
        expect(await db.batch([kept.units, kept.faction])).toEqual(await db.batch([fresh.units, fresh.faction]));
        expect(await kept.units).toEqual(await fresh.units);
        expect(await kept.faction).toEqual(await fresh.faction);
      }
    }
    // Booleans and dates came back mapped like drizzle's own (not raw 0/1 or strings).
    const db = openDatabase(env.DB);
    const [row] = (await reads(db, { all: false }, { factionId: first.factionId }).faction) as { faction: { isActive: unknown }; unitCount: number }[];
    expect(row).toMatchObject({ faction: { isActive: true }, unitCount: 2 });
    // Two shapes, each built once over six requests.
    expect(builds).toBe(2);
  });

  it("answer what freshly built statements answer through an outer join: a missing joined row is one null as a nested object, null fields when flat", async () => {
    const { factionId, active } = await seed();
    // One unit with a base unit (the join finds a row) and one without (it finds none).
    const upgrade = await insertUnit(factionId, { base_unit_id: active, upgrade_level: 1, is_upgraded: 1 });
    const orphan = await insertUnit(factionId);
    // The unit's base unit as a nested object, and some of its columns flat.
    const joined = (db: Database, unitId: unknown) => {
      const base = alias(units, "base");
      return {
        nested: db.select({ unit: units, base }).from(units).leftJoin(base, eq(base.id, units.baseUnitId)).where(eq(units.id, unitId as number)),
        flat: db.select({ id: units.id, baseName: base.name, baseActive: base.isActive }).from(units).leftJoin(base, eq(base.id, units.baseUnitId)).where(eq(units.id, unitId as number)),
      };
    };
    const reads = keptReads((db, _shape: null) => joined(db, sql.placeholder("unitId")));
    for (const unitId of [upgrade, orphan]) {
      const db = openDatabase(env.DB);
      const fresh = joined(db, unitId);
      const kept = reads(db, null, { unitId });
      expect(await db.batch([kept.nested, kept.flat])).toEqual(await db.batch([fresh.nested, fresh.flat]));
      expect(await kept.nested).toEqual(await fresh.nested);
    }
    const [row] = (await reads(openDatabase(env.DB), null, { unitId: orphan }).nested) as { base: unknown; unit: { isActive: unknown } }[];
    expect(row).toMatchObject({ base: null, unit: { isActive: true } });
    const [flat] = (await reads(openDatabase(env.DB), null, { unitId: orphan }).flat) as Record<string, unknown>[];
    expect(flat).toEqual({ id: orphan, baseName: null, baseActive: null });
    const [found] = (await reads(openDatabase(env.DB), null, { unitId: upgrade }).nested) as { base: { id: number; isActive: unknown } }[];
    expect(found!.base).toMatchObject({ id: active, isActive: true });
  });

  it("keeps at most 32 shapes: a 33rd replaces the oldest, which is built again when it comes back, and still answers right", async () => {
    const { factionId, active, hidden } = await seed();
    const db = openDatabase(env.DB);
    const built: number[] = [];
    // The shape's number only names it; every shape reads the faction's units, odd ones all of them.
    const reads = keptReads((d, shape: { n: number }) => {
      built.push(shape.n);
      return { units: build(d, { all: shape.n % 2 === 1 }, sql.placeholder("factionId")).units };
    });
    const ids = async (n: number) => ((await reads(db, { n }, { factionId }).units) as { id: number }[]).map((u) => u.id);

    for (let n = 0; n < 32; n++) await ids(n);
    expect(built).toHaveLength(32);
    await ids(5);
    expect(built).toHaveLength(32); // still kept
    await ids(32);
    expect(built).toHaveLength(33);
    // Shape 0 was the oldest: built again. Shape 31 was kept.
    expect(await ids(0)).toEqual([active]);
    expect(built.slice(33)).toEqual([0]);
    expect(await ids(31)).toEqual([active, hidden]);
    expect(built.slice(33)).toEqual([0]);
  });

  it("the unit page's read shows an inactive unit to moderators only, with its upgrades, for any id", async () => {
    const { factionId, active, hidden } = await seed();
    const upgrade = await insertUnit(factionId, { tier: 2, base_unit_id: active, upgrade_level: 1, is_upgraded: 1 });
    const db = openDatabase(env.DB);
    const include = { includeUpgrades: true, includeFaction: true, includeSameTier: true };
    const guest = await getUnitDetail(db, active, false, include);
    expect(guest?.id).toBe(active);
    expect(guest?.upgrades?.map((u) => u.id)).toEqual([active, upgrade]);
    expect(guest?.faction?.id).toBe(factionId);
    expect((await getUnitDetail(db, upgrade, false, include))?.upgrades?.map((u) => u.id)).toEqual([active, upgrade]);
    expect(await getUnitDetail(db, hidden, false, include)).toBeNull();
    expect((await getUnitDetail(db, hidden, true, include))?.id).toBe(hidden);
  });
});
