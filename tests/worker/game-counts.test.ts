/**
 * The game lists' totals, filter counts and the factions' counts are kept by triggers
 * (facet_counts, migrations 0016 and 0017, every combination of a list's filters): each must
 * equal the real count of visible rows after every kind of change, through the API and straight
 * in SQL; and a page that starts at its faction or school from the kept counts must hold the same
 * rows as stepping over every row before it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertFaction, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

type Option = { value: string | number; count: number };
const get = async <T>(path: string): Promise<T> => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const all = async <T>(query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<T>()).results;
const asMap = (rows: readonly Option[]) => Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [String(r.value), r.count]));
const realGroups = async (query: string) => asMap(await all<Option>(query));

const VISIBLE_UNITS = "FROM units u JOIN factions f ON f.id = u.faction_id AND f.is_active = 1 WHERE u.is_active = 1";
const VISIBLE_HEROES = "FROM heroes h JOIN factions f ON f.id = h.faction_id AND f.is_active = 1 WHERE h.is_active = 1";

/** The kept dimensions of each kind, in the order their combinations join them (name, column). */
const DIMS: Record<string, { table: string; dims: readonly (readonly [string, string])[]; perFaction: boolean }> = {
  unit: { table: "units", dims: [["tier", "tier"], ["type", "unit_type"], ["level", "upgrade_level"]], perFaction: true },
  hero: { table: "heroes", dims: [["class", "hero_class"], ["type", "hero_type"], ["rarity", "rarity_level"]], perFaction: true },
  spell: { table: "spells", dims: [["school", "school"], ["level", "level"], ["type", "type"], ["target", "target"], ["common", "is_common"]], perFaction: false },
};

const subsets = <T>(xs: readonly T[]) =>
  Array.from({ length: 2 ** xs.length - 1 }, (_, m) => xs.filter((_, i) => (m + 1) & (1 << i)));

/**
 * Every kept combination of two or more filters (and per faction) equals a real count of active
 * rows: one query per list, each giving the rows where the kept and the real counts differ (none),
 * all in one batch.
 */
async function expectCombinationsEqualReal() {
  const statements: D1PreparedStatement[] = [];
  for (const [kind, { table, dims, perFaction }] of Object.entries(DIMS)) {
    for (const combo of subsets(dims).filter((c) => c.length > 1)) {
      const name = combo.map(([n]) => n).join("_");
      const value = combo.map(([, column]) => `t.${column}`).join(" || ':' || ");
      const lists: [string, string][] = [[`${kind}_${name}`, value]];
      if (perFaction) lists.push([`${kind}_faction_${name}`, `t.faction_id || ':' || ${value}`]);
      for (const [list, expr] of lists) {
        const kept = `SELECT lower(value) AS value, n AS count FROM facet_counts WHERE list = '${list}' AND n > 0`;
        const real = `SELECT lower(${expr}) AS value, count(*) AS count FROM ${table} t WHERE t.is_active = 1 GROUP BY lower(${expr})`;
        statements.push(
          env.DB.prepare(
            `SELECT '${list}' AS list, 'kept' AS side, value, count FROM (${kept} EXCEPT ${real}) UNION ALL SELECT '${list}', 'real', value, count FROM (${real} EXCEPT ${kept})`,
          ),
        );
      }
    }
  }
  expect(statements).toHaveLength(42);
  const differences = (await env.DB.batch(statements)).flatMap((r) => r.results);
  expect(differences).toEqual([]);
}

async function expectKeptEqualsReal() {
  await expectCombinationsEqualReal();
  const units = await get<{ tiers: Option[]; unitTypes: Option[]; upgradeLevels: Option[]; factions: Option[] }>("/api/unit/filters");
  expect(asMap(units.tiers)).toEqual(await realGroups(`SELECT u.tier AS value, count(*) AS count ${VISIBLE_UNITS} GROUP BY u.tier`));
  expect(asMap(units.unitTypes)).toEqual(await realGroups(`SELECT u.unit_type AS value, count(*) AS count ${VISIBLE_UNITS} GROUP BY u.unit_type`));
  expect(asMap(units.upgradeLevels)).toEqual(await realGroups(`SELECT u.upgrade_level AS value, count(*) AS count ${VISIBLE_UNITS} GROUP BY u.upgrade_level`));
  expect(asMap(units.factions)).toEqual(await realGroups(`SELECT u.faction_id AS value, count(*) AS count ${VISIBLE_UNITS} GROUP BY u.faction_id`));
  const heroes = await get<{ heroTypes: Option[]; rarityLevels: Option[]; factions: Option[] }>("/api/hero/filters");
  expect(asMap(heroes.heroTypes)).toEqual(await realGroups(`SELECT h.hero_type AS value, count(*) AS count ${VISIBLE_HEROES} GROUP BY h.hero_type`));
  expect(asMap(heroes.rarityLevels)).toEqual(await realGroups(`SELECT h.rarity_level AS value, count(*) AS count ${VISIBLE_HEROES} GROUP BY h.rarity_level`));
  expect(asMap(heroes.factions)).toEqual(await realGroups(`SELECT h.faction_id AS value, count(*) AS count ${VISIBLE_HEROES} GROUP BY h.faction_id`));
  const spells = await get<{ schools: Option[]; levels: Option[]; types: Option[]; factions: Option[] }>("/api/spell/filters");
  expect(asMap(spells.schools)).toEqual(await realGroups("SELECT school AS value, count(*) AS count FROM spells WHERE is_active = 1 GROUP BY school"));
  expect(asMap(spells.levels)).toEqual(await realGroups("SELECT level AS value, count(*) AS count FROM spells WHERE is_active = 1 GROUP BY level"));
  expect(asMap(spells.factions)).toEqual(
    await realGroups(`SELECT fs.faction_id AS value, count(*) AS count FROM faction_spells fs JOIN spells s ON s.id = fs.spell_id AND s.is_active = 1
      JOIN factions f ON f.id = fs.faction_id AND f.is_active = 1 GROUP BY fs.faction_id`),
  );
  // The factions' own counts (active rows of each visible faction).
  const factions = await get<{ items: { id: number; unitCount: number; heroCount: number; spellCount: number }[] }>("/api/faction");
  const real = await all<{ id: number; units: number; heroes: number; spells: number }>(`SELECT f.id,
    (SELECT count(*) FROM units u WHERE u.faction_id = f.id AND u.is_active = 1) AS units,
    (SELECT count(*) FROM heroes h WHERE h.faction_id = f.id AND h.is_active = 1) AS heroes,
    (SELECT count(*) FROM faction_spells fs JOIN spells s ON s.id = fs.spell_id WHERE fs.faction_id = f.id AND s.is_active = 1) AS spells
    FROM factions f WHERE f.is_active = 1`);
  expect(Object.fromEntries(factions.items.map((f) => [f.id, [f.unitCount, f.heroCount, f.spellCount]]))).toEqual(
    Object.fromEntries(real.map((f) => [f.id, [f.units, f.heroes, f.spells]])),
  );
  // Totals, whole and filtered.
  const total = async (path: string) => (await get<{ totalCount: number }>(path)).totalCount;
  const count = async (query: string) => (await all<{ n: number }>(query))[0]!.n;
  expect(await total("/api/unit")).toBe(await count(`SELECT count(*) AS n ${VISIBLE_UNITS}`));
  expect(await total("/api/unit?tier=3")).toBe(await count(`SELECT count(*) AS n ${VISIBLE_UNITS} AND u.tier = 3`));
  expect(await total("/api/hero?heroType=Magic")).toBe(await count(`SELECT count(*) AS n ${VISIBLE_HEROES} AND h.hero_type = 'Magic'`));
  expect(await total("/api/spell")).toBe(await count("SELECT count(*) AS n FROM spells WHERE is_active = 1"));
  expect(await total("/api/spell?school=Fire&level=2")).toBe(await count("SELECT count(*) AS n FROM spells WHERE is_active = 1 AND school = 'Fire' AND level = 2"));
  // Two or more filters, with and without the faction (the hero class matched case-insensitively).
  expect(await total("/api/unit?tier=3&unitType=Infantry")).toBe(await count(`SELECT count(*) AS n ${VISIBLE_UNITS} AND u.tier = 3 AND u.unit_type = 'Infantry'`));
  expect(await total("/api/unit?tier=3&unitType=Infantry&upgradeLevel=0")).toBe(
    await count(`SELECT count(*) AS n ${VISIBLE_UNITS} AND u.tier = 3 AND u.unit_type = 'Infantry' AND u.upgrade_level = 0`),
  );
  expect(await total("/api/hero?heroType=Magic&rarityLevel=3")).toBe(await count(`SELECT count(*) AS n ${VISIBLE_HEROES} AND h.hero_type = 'Magic' AND h.rarity_level = 3`));
  expect(await total("/api/spell?level=2&type=Combat&isCommon=false")).toBe(
    await count("SELECT count(*) AS n FROM spells WHERE is_active = 1 AND level = 2 AND type = 'Combat' AND is_common = 0"),
  );
  const [first] = await all<{ id: number; heroClass: string }>(`SELECT h.faction_id AS id, h.hero_class AS heroClass ${VISIBLE_HEROES} ORDER BY h.id LIMIT 1`);
  if (first) {
    const path = `/api/hero?factionId=${first.id}&heroClass=${encodeURIComponent(first.heroClass.toUpperCase())}&heroType=Magic`;
    expect(await total(path), path).toBe(
      await count(`SELECT count(*) AS n ${VISIBLE_HEROES} AND h.faction_id = ${first.id} AND h.hero_class = '${first.heroClass.replaceAll("'", "''")}' COLLATE NOCASE AND h.hero_type = 'Magic'`),
    );
  }
}

/** Every page of a list (small pages) holds the rows that plain OFFSET paging gives. */
async function expectPagesEqualOffset(path: string, query: string, total: number, pageSize = 7) {
  for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
    const body = await get<{ items: { id: number }[] }>(`${path}${path.includes("?") ? "&" : "?"}page=${page}&pageSize=${pageSize}`);
    const expected = await all<{ id: number }>(`${query} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
    expect(body.items.map((r) => r.id), `${path} page ${page}`).toEqual(expected.map((r) => r.id));
  }
}

describe("kept game counts (facet_counts)", () => {
  it("GET /api/{unit,hero,spell}/filters, /api/faction and the lists' totals answer 200 with the real counts after every kind of change", async () => {
    await expectKeptEqualsReal();
    const [a, b] = [await insertFaction(), await insertFaction({ is_active: 0 })];
    const unitIds = [
      await insertUnit(a, { tier: 3 }),
      await insertUnit(a, { tier: 3, unit_type: "Flying", upgrade_level: 1 }),
      await insertUnit(b, { tier: 3 }),
      await insertUnit(a, { tier: 5, is_active: 0 }),
    ];
    const heroIds = [await insertHero(a, { hero_type: "Magic" }), await insertHero(b, { hero_type: "Magic", rarity_level: 3 })];
    const spellIds = [
      await insertSpell({ school: "Fire", level: 2 }, [a, b]),
      await insertSpell({ school: "Water", level: 2, is_active: 0 }, [a]),
      await insertSpell({ school: "Fire", level: 2 }, []),
    ];
    await expectKeptEqualsReal();

    // Straight in SQL: membership columns, active flags, links, deletes (the cascade included).
    await env.DB.batch([
      env.DB.prepare("UPDATE units SET tier = 4, unit_type = 'Magic' WHERE id = ?1").bind(unitIds[0]),
      env.DB.prepare("UPDATE units SET is_active = 1 - is_active WHERE id IN (?1, ?2)").bind(unitIds[1], unitIds[3]),
      env.DB.prepare("UPDATE units SET faction_id = ?1 WHERE id = ?2").bind(a, unitIds[2]),
      env.DB.prepare("UPDATE heroes SET hero_type = 'Hybrid', rarity_level = 4 WHERE id = ?1").bind(heroIds[0]),
      env.DB.prepare("UPDATE spells SET is_active = 1 - is_active WHERE id IN (?1, ?2)").bind(spellIds[0], spellIds[1]),
      env.DB.prepare("UPDATE spells SET school = 'Air', level = 3 WHERE id = ?1").bind(spellIds[2]),
      env.DB.prepare("INSERT INTO faction_spells (faction_id, spell_id) VALUES (?1, ?2)").bind(b, spellIds[1]),
      env.DB.prepare("UPDATE factions SET is_active = 1 WHERE id = ?1").bind(b),
    ]);
    await expectKeptEqualsReal();
    await env.DB.prepare("DELETE FROM faction_spells WHERE faction_id = ?1 AND spell_id = ?2").bind(a, spellIds[1]).run();
    await env.DB.prepare("DELETE FROM spells WHERE id = ?1").bind(spellIds[1]).run();
    await env.DB.prepare("DELETE FROM heroes WHERE id = ?1").bind(heroIds[1]).run();
    await expectKeptEqualsReal();

    // Through the API (the editor and the game-assets grid write through the same routes).
    const { token } = await userWithToken(["Moderator"]);
    expect((await call(`/api/unit/${unitIds[0]}`, { method: "DELETE", token })).status).toBe(204);
    expect((await call(`/api/spell/${spellIds[2]}`, { method: "DELETE", token })).status).toBe(204);
    await expectKeptEqualsReal();
    // A history restore re-creates the deleted unit with its id.
    const admin = await userWithToken(["Admin"]);
    const entries = (await (await call(`/api/history?entity=unit&id=${unitIds[0]}`, { token })).json()) as { items: { id: number; action: string }[] };
    const deletion = entries.items.find((e) => e.action === "delete")!;
    expect((await call(`/api/history/${deletion.id}/restore`, { method: "POST", token: admin.token, json: {} })).status).toBeLessThan(300);
    await expectKeptEqualsReal();
    // A faction's delete takes its units, heroes and spell links by the foreign keys' cascade.
    await env.DB.prepare("DELETE FROM factions WHERE id = ?1").bind(b).run();
    await expectKeptEqualsReal();
  });

  it("counts a spell for its factions when its links arrive first, as a restore from an export inserts them (foreign keys deferred)", async () => {
    // Its own factions: the file's tests run in any order, so none may be there yet.
    const factionIds = [await insertFaction(), await insertFaction()];
    const spellId = 990_001;
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...factionIds.map((f) => env.DB.prepare("INSERT INTO faction_spells (faction_id, spell_id) VALUES (?1, ?2)").bind(f, spellId)),
      env.DB.prepare("INSERT INTO spells (id, name, school, level) VALUES (?1, 'Restored Spell', 'Water', 4)").bind(spellId),
    ]);
    await expectKeptEqualsReal();
    await env.DB.prepare("DELETE FROM spells WHERE id = ?1").bind(spellId).run();
    await expectKeptEqualsReal();
  });

  it("GET /api/unit, /api/hero and /api/spell pages (200) hold the same rows as stepping over every row, past the end included", async () => {
    const a = await insertFaction();
    for (let i = 0; i < 5; i++) await insertUnit(a, { tier: 1 + (i % 3) });
    const units = await all<{ id: number }>(`SELECT u.id ${VISIBLE_UNITS} ORDER BY u.faction_id, u.tier, u.upgrade_level, u.id`);
    await expectPagesEqualOffset("/api/unit", `SELECT u.id ${VISIBLE_UNITS} ORDER BY u.faction_id, u.tier, u.upgrade_level, u.id`, units.length);
    await expectPagesEqualOffset("/api/unit?tier=2", `SELECT u.id ${VISIBLE_UNITS} AND u.tier = 2 ORDER BY u.faction_id, u.tier, u.upgrade_level, u.id`, units.length, 3);
    const heroes = await all<{ id: number }>(`SELECT h.id ${VISIBLE_HEROES}`);
    await expectPagesEqualOffset("/api/hero", `SELECT h.id ${VISIBLE_HEROES} ORDER BY h.faction_id, h.name, h.id`, heroes.length);
    const spells = await all<{ id: number }>("SELECT id FROM spells WHERE is_active = 1");
    await expectPagesEqualOffset("/api/spell", "SELECT id FROM spells WHERE is_active = 1 ORDER BY school, level, name", spells.length);
    await expectPagesEqualOffset("/api/spell?level=2", "SELECT id FROM spells WHERE is_active = 1 AND level = 2 ORDER BY school, level, name", spells.length, 3);
  });

  it("GET /api/unit, /api/hero and /api/spell pages (200) with two or more filters hold the same rows as stepping over every row", async () => {
    const [a, b] = [await insertFaction(), await insertFaction()];
    for (let i = 0; i < 12; i++) {
      const f = i % 2 ? a : b;
      await insertUnit(f, { tier: 1 + (i % 3), unit_type: i % 4 ? "Infantry" : "Flying", upgrade_level: i % 2 });
      await insertHero(f, { hero_type: i % 3 ? "Might" : "Magic", rarity_level: 1 + (i % 2), hero_class: i % 2 ? "Knight" : "knight" });
      await insertSpell({ level: 1 + (i % 2), type: i % 3 ? "Combat" : "Global", target: i % 2 ? "Single" : "Area", is_common: i % 4 ? 0 : 1 }, [f]);
    }
    const unitOrder = "ORDER BY u.faction_id, u.tier, u.upgrade_level, u.id";
    const units = [
      ["tier=2&unitType=Infantry", "u.tier = 2 AND u.unit_type = 'Infantry'"],
      ["unitType=Infantry&upgradeLevel=1", "u.unit_type = 'Infantry' AND u.upgrade_level = 1"],
      ["tier=1&upgradeLevel=0", "u.tier = 1 AND u.upgrade_level = 0"],
      ["tier=2&unitType=Infantry&upgradeLevel=1", "u.tier = 2 AND u.unit_type = 'Infantry' AND u.upgrade_level = 1"],
      [`factionId=${a}&unitType=Infantry&upgradeLevel=1`, `u.faction_id = ${a} AND u.unit_type = 'Infantry' AND u.upgrade_level = 1`],
    ];
    for (const [q, where] of units) {
      const query = `SELECT u.id ${VISIBLE_UNITS} AND ${where} ${unitOrder}`;
      await expectPagesEqualOffset(`/api/unit?${q}`, query, (await all(query)).length, 2);
    }
    const heroes = [
      ["heroType=Might&rarityLevel=2", "h.hero_type = 'Might' AND h.rarity_level = 2"],
      ["heroClass=KNIGHT&heroType=Might", "h.hero_class = 'knight' COLLATE NOCASE AND h.hero_type = 'Might'"],
      ["heroClass=knight&heroType=Might&rarityLevel=1", "h.hero_class = 'knight' COLLATE NOCASE AND h.hero_type = 'Might' AND h.rarity_level = 1"],
      [`factionId=${b}&heroType=Might&rarityLevel=1`, `h.faction_id = ${b} AND h.hero_type = 'Might' AND h.rarity_level = 1`],
    ];
    for (const [q, where] of heroes) {
      const query = `SELECT h.id ${VISIBLE_HEROES} AND ${where} ORDER BY h.faction_id, h.name, h.id`;
      await expectPagesEqualOffset(`/api/hero?${q}`, query, (await all(query)).length, 2);
    }
    const spells = [
      ["level=2&type=Combat", "level = 2 AND type = 'Combat'"],
      ["type=Combat&target=Single&isCommon=false", "type = 'Combat' AND target = 'Single' AND is_common = 0"],
      ["level=1&isCommon=true", "level = 1 AND is_common = 1"],
      ["school=Fire&level=1&type=Combat", "school = 'Fire' AND level = 1 AND type = 'Combat'"],
      [`factionId=${a}&type=Combat&level=2`, `id IN (SELECT spell_id FROM faction_spells WHERE faction_id = ${a}) AND type = 'Combat' AND level = 2`],
    ];
    for (const [q, where] of spells) {
      const query = `SELECT id FROM spells WHERE is_active = 1 AND ${where} ORDER BY school, level, name`;
      await expectPagesEqualOffset(`/api/spell?${q}`, query, (await all(query)).length, 2);
      const total = (await get<{ totalCount: number }>(`/api/spell?${q}`)).totalCount;
      expect(total, q).toBe((await all(query)).length);
    }
  });
});
