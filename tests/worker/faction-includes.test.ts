/**
 * Included lists are whole while a read's rows of a kind fit its bound, and say so when they do
 * not. This file's database starts empty, so its world is exactly the demo seed's size
 * (`insertDemoWorld`: six factions, each with 21 units, 6 heroes and 16 spells): every include
 * of the faction list, of each faction and of a unit page is complete there. A faction with more
 * rows than the bound (INCLUDED_MAX) is carried in part, marked `…Complete: false` beside its
 * whole count, and the paged lists give every row; the read's rows stay bounded.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { INCLUDED_MAX, INCLUDED_SHARE } from "../../worker/db/queries/faction";
import type { Faction } from "../../shared/schemas/faction";
import type { Paged } from "../../shared/schemas/query";
import type { UnitDetail } from "../../shared/schemas/unit";
import { DEMO_WORLD, insertDemoWorld, insertFaction, insertSpell, insertUnit } from "./game-fixtures";
import { call } from "./helpers";

const ALL = "includeUnits=true&includeHeroes=true&includeSpells=true";
let world: number[] = [];

const get = async <T>(path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  const rowsRead = Number(res.headers.get("Server-Timing")?.match(/rows_read=(\d+)/)?.[1]);
  return { body: (await res.json()) as T, rowsRead };
};

/** A faction's visible rows of each kind, in the order its included lists carry them. */
async function rowsOf(factionId: number) {
  const ids = async (query: string) => (await env.DB.prepare(query).bind(factionId).all<{ id: number }>()).results.map((r) => r.id);
  return {
    units: await ids("SELECT id FROM units WHERE faction_id = ?1 AND is_active = 1 ORDER BY tier, upgrade_level, id"),
    heroes: await ids("SELECT id FROM heroes WHERE faction_id = ?1 AND is_active = 1 ORDER BY name, id"),
    spells: await ids(
      "SELECT s.id FROM faction_spells fs JOIN spells s ON s.id = fs.spell_id WHERE fs.faction_id = ?1 AND s.is_active = 1 ORDER BY s.school, s.level, s.name",
    ),
  };
}

/** The faction carries every row of each included kind, in order, and says so. */
async function expectWhole(faction: Faction, kinds: ("units" | "heroes" | "spells")[]) {
  const rows = await rowsOf(faction.id);
  for (const kind of kinds) {
    expect(faction[kind]!.map((r) => r.id), `${faction.id} ${kind}`).toEqual(rows[kind]);
    expect(faction[`${kind}Complete`], `${faction.id} ${kind}`).toBe(true);
  }
}

beforeAll(async () => {
  world = await insertDemoWorld();
});

describe("includes at the demo size", () => {
  it("GET /api/faction carries every faction's units, heroes and spells, each include alone or all three, marked complete (200)", async () => {
    for (const [query, kinds] of [
      ["includeUnits=true", ["units"]],
      ["includeHeroes=true", ["heroes"]],
      ["includeSpells=true", ["spells"]],
      [ALL, ["units", "heroes", "spells"]],
    ] as const) {
      const { body } = await get<Paged<Faction>>(`/api/faction?${query}`);
      expect(body.items.map((f) => f.id)).toEqual(world);
      for (const faction of body.items) {
        expect(faction, query).toMatchObject({ unitCount: DEMO_WORLD.unitsPerFaction, heroCount: DEMO_WORLD.heroesPerFaction, spellCount: DEMO_WORLD.spellsPerFaction });
        await expectWhole(faction, [...kinds]);
        // A kind not asked for is absent, with its mark.
        for (const other of (["units", "heroes", "spells"] as const).filter((k) => !(kinds as readonly string[]).includes(k))) {
          expect(faction[other]).toBeUndefined();
          expect(faction[`${other}Complete`]).toBeUndefined();
        }
      }
    }
  });

  it("GET /api/faction/{id} carries each faction's whole lists (200), as the faction page reads them", async () => {
    for (const id of world) await expectWhole((await get<Faction>(`/api/faction/${id}?${ALL}`)).body, ["units", "heroes", "spells"]);
  });

  it("a unit page carries its whole upgrade chain and every same-tier unit of the other factions (200, upgradesComplete, sameTierComplete)", async () => {
    const { body } = await get<UnitDetail>(`/api/unit/${(await rowsOf(world[0]!)).units[0]}?includeFaction=true&includeSameTier=true&includeUpgrades=true`);
    expect(body.upgrades!.map((u) => u.upgradeLevel)).toEqual([0, 1, 2]);
    expect(body.upgradesComplete).toBe(true);
    expect(body.sameTier).toHaveLength(DEMO_WORLD.factions - 1);
    expect(body.sameTierComplete).toBe(true);
  });
});

describe("includes past their bound", () => {
  it("mark the faction whose rows did not all fit (…Complete false, counts whole), keep the others whole, and the paged lists give the rest (200)", async () => {
    const big = await insertFaction({ sort_order: 99 });
    try {
      const statements = [];
      for (let i = 0; i <= INCLUDED_MAX.units; i++) {
        statements.push(
          env.DB.prepare("INSERT INTO units (faction_id, name, tier, upgrade_level, special_abilities) VALUES (?1, ?2, ?3, 0, '[]')").bind(big, `Horde ${i}`, 1 + (i % 7)),
        );
      }
      for (let i = 0; i <= INCLUDED_MAX.heroes; i++) {
        statements.push(
          env.DB.prepare("INSERT INTO heroes (faction_id, name, hero_type, starting_skills, starting_spells) VALUES (?1, ?2, 'Might', '[]', '[]')").bind(big, `Legion ${i}`),
        );
      }
      await env.DB.batch(statements);
      for (let i = 0; i <= INCLUDED_MAX.spells; i++) await insertSpell({ level: 1 + (i % 5) }, [big]);
      const whole = await rowsOf(big);
      const counts = { unitCount: INCLUDED_MAX.units + 1, heroCount: INCLUDED_MAX.heroes + 1, spellCount: INCLUDED_MAX.spells + 1 };

      // One faction alone: its bound's worth of each kind, the first in order, marked incomplete.
      const { body: one } = await get<Faction>(`/api/faction/${big}?${ALL}`);
      expect(one).toMatchObject({ ...counts, unitsComplete: false, heroesComplete: false, spellsComplete: false });
      expect(one.units!.map((u) => u.id)).toEqual(whole.units.slice(0, INCLUDED_MAX.units));
      expect(one.heroes!.map((h) => h.id)).toEqual(whole.heroes.slice(0, INCLUDED_MAX.heroes));
      expect(one.spells).toHaveLength(INCLUDED_MAX.spells);

      // The list: factions fill each kind's bound in id order; the demo's fit whole, the big one does not.
      const { body: list } = await get<Paged<Faction>>(`/api/faction?${ALL}`);
      for (const faction of list.items.filter((f) => f.id !== big)) {
        expect(faction.unitsComplete && faction.heroesComplete && faction.spellsComplete, `${faction.id}`).toBe(true);
      }
      const listed = list.items.find((f) => f.id === big)!;
      expect(listed).toMatchObject({ ...counts, unitsComplete: false, heroesComplete: false, spellsComplete: false });
      expect(listed.units!.length).toBeLessThan(counts.unitCount);
      expect(listed.units!.map((u) => u.id)).toEqual(whole.units.slice(0, listed.units!.length));

      // What the docs name to read the rest: the paged lists by faction hold every row.
      for (const [path, total] of [
        [`/api/unit?factionId=${big}&pageSize=1`, counts.unitCount],
        [`/api/hero?factionId=${big}&pageSize=1`, counts.heroCount],
        [`/api/spell?factionId=${big}&pageSize=1`, counts.spellCount],
      ] as const) {
        expect((await get<Paged<unknown>>(path)).body.totalCount, path).toBe(total);
      }
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM units WHERE faction_id = ?1").bind(big),
        env.DB.prepare("DELETE FROM heroes WHERE faction_id = ?1").bind(big),
        env.DB.prepare("DELETE FROM spells WHERE id IN (SELECT spell_id FROM faction_spells WHERE faction_id = ?1)").bind(big),
        env.DB.prepare("DELETE FROM factions WHERE id = ?1").bind(big),
      ]);
    }
  });

  it("a faction list's and a faction's rows read stay bounded however many rows a faction has", async () => {
    const big = await insertFaction({ sort_order: 98 });
    try {
      const add = async (n: number) => {
        const statements = [];
        for (let i = 0; i < n; i++) {
          statements.push(env.DB.prepare("INSERT INTO units (faction_id, name, tier, special_abilities) VALUES (?1, ?2, 1, '[]')").bind(big, `Swarm ${Math.random()}`));
          statements.push(env.DB.prepare("INSERT INTO heroes (faction_id, name, hero_type, starting_skills, starting_spells) VALUES (?1, ?2, 'Magic', '[]', '[]')").bind(big, `Host ${Math.random()}`));
        }
        await env.DB.batch(statements);
      };
      await add(INCLUDED_MAX.units);
      const before = { list: (await get(`/api/faction?${ALL}`)).rowsRead, one: (await get(`/api/faction/${big}?${ALL}`)).rowsRead };
      await add(3 * INCLUDED_MAX.units);
      const after = { list: (await get(`/api/faction?${ALL}`)).rowsRead, one: (await get(`/api/faction/${big}?${ALL}`)).rowsRead };
      // Four times the rows, the same read (a few rows of the counts aside).
      expect(after.list - before.list).toBeLessThanOrEqual(5);
      expect(after.one - before.one).toBeLessThanOrEqual(5);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM units WHERE faction_id = ?1").bind(big),
        env.DB.prepare("DELETE FROM heroes WHERE faction_id = ?1").bind(big),
        env.DB.prepare("DELETE FROM factions WHERE id = ?1").bind(big),
      ]);
    }
  });

  it("carry fewer rows as the list grows (a kind's share over the listed factions), the factions in id order, each marked (200)", async () => {
    const extra: number[] = [];
    try {
      for (let i = 0; i < 50; i++) extra.push(await insertFaction({ sort_order: 50 + i }));
      const listed = world.length + extra.length;
      const bound = (kind: keyof typeof INCLUDED_MAX) => Math.min(INCLUDED_MAX[kind], Math.floor(INCLUDED_SHARE[kind] / listed));
      expect(bound("units")).toBeLessThan(DEMO_WORLD.factions * DEMO_WORLD.unitsPerFaction);
      const { body } = await get<Paged<Faction>>(`/api/faction?${ALL}`);
      expect(body.items).toHaveLength(listed);
      const demo = body.items.filter((f) => world.includes(f.id));
      expect(demo.reduce((n, f) => n + f.units!.length, 0)).toBe(bound("units"));
      expect(demo.reduce((n, f) => n + f.spells!.length, 0)).toBe(bound("spells"));
      // In id order: whole lists first, then the faction the bound cut, then empty ones; each says so.
      for (const [i, faction] of demo.entries()) {
        const before = DEMO_WORLD.unitsPerFaction * i;
        expect(faction.units!.length, `faction ${i}`).toBe(Math.max(0, Math.min(DEMO_WORLD.unitsPerFaction, bound("units") - before)));
        expect(faction.unitsComplete).toBe(faction.units!.length === DEMO_WORLD.unitsPerFaction);
      }
      // One faction's read is not shared: it stays whole.
      await expectWhole((await get<Faction>(`/api/faction/${world.at(-1)}?${ALL}`)).body, ["units", "heroes", "spells"]);
    } finally {
      if (extra.length) await env.DB.prepare(`DELETE FROM factions WHERE id IN (${extra.join(",")})`).run();
    }
  });

  it("a unit page past its upgrade bound lists the first 12 upgrades by id and says the chain is not whole (upgradesComplete false)", async () => {
    const base = await insertUnit(world[0]!, { tier: 5 });
    const upgrades: number[] = [];
    try {
      for (let i = 0; i < 13; i++) upgrades.push(await insertUnit(world[0]!, { tier: 5, upgrade_level: 1 + (i % 2), is_upgraded: 1, base_unit_id: base }));
      for (const id of [base, upgrades[0]!]) {
        for (const query of ["includeUpgrades=true", "includeUpgrades=true&includeFaction=true"]) {
          const { body } = await get<UnitDetail>(`/api/unit/${id}?${query}`);
          expect(body.upgradesComplete, query).toBe(false);
          expect(body.upgrades!.map((u) => u.id).sort((a, b) => a - b), query).toEqual([base, ...upgrades.slice(0, 12)]);
        }
      }
    } finally {
      await env.DB.prepare(`DELETE FROM units WHERE id IN (${[base, ...upgrades].join(",")})`).run();
    }
  });

  it("a unit page past its same-tier bound says its list is not whole (sameTierComplete false)", async () => {
    const extra: number[] = [];
    try {
      for (let i = 0; i < 25; i++) {
        const faction = await insertFaction();
        extra.push(faction);
        await insertUnit(faction, { tier: 6, upgrade_level: 0 });
      }
      const unit = await insertUnit(world[0]!, { tier: 6, upgrade_level: 0 });
      const { body } = await get<UnitDetail>(`/api/unit/${unit}?includeSameTier=true`);
      expect(body.sameTier).toHaveLength(24);
      expect(body.sameTierComplete).toBe(false);
      await env.DB.prepare("DELETE FROM units WHERE id = ?1").bind(unit).run();
    } finally {
      if (extra.length) await env.DB.prepare(`DELETE FROM factions WHERE id IN (${extra.join(",")})`).run();
    }
  });
});
