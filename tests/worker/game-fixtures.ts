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
