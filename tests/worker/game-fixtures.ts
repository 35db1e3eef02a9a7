/**
 * Game content inserted straight into D1 for the game API tests. Every name is unique per call,
 * so tests in one file do not see each other's rows by name (ids are returned).
 */
import { env } from "cloudflare:test";

let n = 0;
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++n}`;

type Row = Record<string, string | number | null>;

async function insert(table: string, row: Row): Promise<number> {
  const cols = Object.keys(row);
  const res = await env.DB.prepare(
    `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map((_, i) => `?${i + 1}`).join(", ")}) RETURNING id`,
  )
    .bind(...cols.map((c) => row[c] ?? null))
    .first<{ id: number }>();
  return res!.id;
}

export const insertFaction = (row: Row = {}) =>
  insert("factions", {
    name: unique("Faction"),
    alignment: "Order",
    summary: "A test faction.",
    description: "Faction description.",
    specialty: "Testing",
    is_active: 1,
    sort_order: 0,
    ...row,
  });

export const insertUnit = (factionId: number, row: Row = {}) =>
  insert("units", {
    faction_id: factionId,
    name: unique("Unit"),
    description: "Unit description.",
    summary: "Unit summary.",
    tier: 1,
    attack: 5,
    defense: 4,
    min_damage: 1,
    max_damage: 3,
    health: 10,
    speed: 4,
    unit_type: "Infantry",
    upgrade_level: 0,
    special_abilities: JSON.stringify(["Brace"]),
    is_active: 1,
    ...row,
  });

export const insertHero = (factionId: number, row: Row = {}) =>
  insert("heroes", {
    faction_id: factionId,
    name: unique("Hero"),
    title: "the Tester",
    biography: "Born in a test.",
    hero_class: "Knight",
    hero_type: "Might",
    specialty: "Archery",
    rarity_level: 1,
    starting_skills: JSON.stringify(["Offense"]),
    starting_spells: JSON.stringify([]),
    is_active: 1,
    ...row,
  });

export const insertSpell = (row: Row = {}, factionIds: number[] = []) =>
  insert("spells", {
    name: unique("Spell"),
    description: "Spell description.",
    school: "Fire",
    level: 1,
    mana_cost: 5,
    type: "Combat",
    target: "Single",
    duration: "Instant",
    effects: JSON.stringify({ kind: "damage" }),
    is_active: 1,
    ...row,
  }).then(async (id) => {
    for (const factionId of factionIds) {
      await env.DB.prepare("INSERT INTO faction_spells (faction_id, spell_id) VALUES (?1, ?2)").bind(factionId, id).run();
    }
    return id;
  });

export const insertGameInfo = (row: Row = {}) => {
  const title = (row.title as string | undefined) ?? unique("Guide");
  return insert("game_info_articles", {
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""),
    category: "Guides",
    summary: "A summary.",
    content: "Some content.\nSecond line.",
    author: "Codex Team",
    is_published: 1,
    published_at: "2026-01-01T00:00:00.000Z",
    ...row,
  });
};

/** The demo world's shape (scripts/demo: 6 factions, each with 21 units, 6 heroes and 16 spells). */
export const DEMO_WORLD = { factions: 6, unitsPerFaction: 21, heroesPerFaction: 6, spellsPerFaction: 16, spells: 36 } as const;

/**
 * A world of the demo seed's size and shape, inserted in one batch per table: `factions`
 * factions (6 as in the demo), each with the 7 tiers × 3 upgrade levels of units (21, every
 * upgrade naming its base), `heroesPerFaction` heroes, and links to `spellsPerFaction` of 36
 * spells (the demo's numbers unless given). Returns the faction ids in insertion order.
 */
export async function insertDemoWorld(shape: Partial<typeof DEMO_WORLD> = {}): Promise<number[]> {
  const { factions: factionCount, heroesPerFaction, spellsPerFaction, spells: spellCount } = { ...DEMO_WORLD, ...shape };
  const factionIds: number[] = [];
  for (let f = 0; f < factionCount; f++) factionIds.push(await insertFaction({ sort_order: f }));
  const spellIds: number[] = [];
  for (let s = 0; s < spellCount; s++) spellIds.push(await insertSpell({ level: 1 + (s % 5), school: ["Fire", "Water", "Earth", "Air"][s % 4]! }));
  const statements = [];
  for (const [f, factionId] of factionIds.entries()) {
    // Base units (level 0) first, then their upgrades pointing at them.
    for (let tier = 1; tier <= 7; tier++) {
      const base = unique(`Unit ${tier}`);
      statements.push(
        env.DB.prepare(
          `INSERT INTO units (faction_id, name, tier, upgrade_level, unit_type, special_abilities, is_active) VALUES (?1, ?2, ?3, 0, 'Infantry', '[]', 1)`,
        ).bind(factionId, base, tier),
      );
      for (const level of [1, 2]) {
        statements.push(
          env.DB.prepare(
            `INSERT INTO units (faction_id, base_unit_id, name, tier, upgrade_level, is_upgraded, unit_type, special_abilities, is_active)
             SELECT ?1, id, ?2, ?3, ?4, 1, 'Infantry', '[]', 1 FROM units WHERE name = ?5`,
          ).bind(factionId, unique(`Unit ${tier}.${level}`), tier, level, base),
        );
      }
    }
    for (let h = 0; h < heroesPerFaction; h++) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO heroes (faction_id, name, title, biography, hero_class, hero_type, specialty, rarity_level, starting_skills, starting_spells, is_active)
           VALUES (?1, ?2, 'the Tester', 'Born in a test.', 'Knight', ?3, 'Archery', 1, '[]', '[]', 1)`,
        ).bind(factionId, unique("Hero"), h % 2 ? "Magic" : "Might"),
      );
    }
    for (let s = 0; s < spellsPerFaction; s++) {
      statements.push(
        env.DB.prepare("INSERT INTO faction_spells (faction_id, spell_id) VALUES (?1, ?2)").bind(factionId, spellIds[(f * 5 + s) % spellIds.length]!),
      );
    }
  }
  await env.DB.batch(statements);
  return factionIds;
}
