import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Faction } from "../../shared/schemas/faction";
import type { GameInfoArticle } from "../../shared/schemas/gameinfo";
import type { Hero } from "../../shared/schemas/hero";
import type { Spell } from "../../shared/schemas/spell";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
let factionId = 0;

beforeAll(async () => {
  factionId = await insertFaction();
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]>; current?: Record<string, unknown> };

const audit = async (entityType: string, entityId: number) =>
  (
    await env.DB.prepare("SELECT action, details FROM audit_log WHERE entity_type = ?1 AND entity_id = ?2 ORDER BY id")
      .bind(entityType, String(entityId))
      .all<{ action: string; details: string }>()
  ).results.map((r) => ({ action: r.action, details: JSON.parse(r.details) as Record<string, Record<string, unknown>> }));

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Guests 401, users 403 for POST, PUT and DELETE on the resource; nothing written. */
async function refusesNonModerators(path: string, body: unknown, table: string) {
  const before = await count(table);
  expect((await call(path, { method: "POST", json: body })).status).toBe(401);
  for (const [method, url] of [["POST", path], ["PUT", `${path}/1`], ["DELETE", `${path}/1`]] as const) {
    expect((await call(url, { method, json: method === "DELETE" ? undefined : body, token: tokens.user })).status, `${method} ${url}`).toBe(403);
    expect((await call(url, { method, json: method === "DELETE" ? undefined : body })).status, `${method} ${url}`).toBe(401);
  }
  expect(await count(table)).toBe(before);
}

describe("hero writes", () => {
  const heroBody = (over: Record<string, unknown> = {}) => ({
    factionId,
    name: unique("Hero"),
    biography: "Wrote a test.",
    heroClass: "Battle Mage",
    heroType: "Magic",
    rarityLevel: 2,
    startingSkills: ["Wisdom"],
    startingSpells: "[\"Spark Dart\"]",
    ...over,
  });

  it("refuses guests (401) and users (403)", () => refusesNonModerators("/api/hero", heroBody(), "heroes"));

  it("creates (201), updates (200, audit before/after) and deletes (204) a hero for moderators and admins", async () => {
    const created = await call("/api/hero", { method: "POST", json: heroBody(), token: tokens.moderator });
    expect(created.status).toBe(201);
    const hero = (await created.json()) as Hero;
    expect(hero).toMatchObject({ heroType: "Magic", rarityLevel: 2, startingSpells: ["Spark Dart"] });
    const updated = await call(`/api/hero/${hero.id}`, { method: "PUT", json: { ...hero, rarityLevel: 4 }, token: tokens.admin });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Hero).rarityLevel).toBe(4);
    expect((await call(`/api/hero/${hero.id}`, { method: "DELETE", token: tokens.admin })).status).toBe(204);
    const rows = await audit("hero", hero.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(rows[1]!.details).toEqual({ before: { rarityLevel: 2 }, after: { rarityLevel: 4 } });
  });

  it("refuses a missing biography, a rarity outside 1-4, a bad hero type and an unknown faction (400, nothing written)", async () => {
    const before = await count("heroes");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ biography: "" }, "biography", "Biography is required"],
      [{ name: undefined }, "name", "Name is required"],
      [{ rarityLevel: 5 }, "rarityLevel", "Rarity level must be a whole number from 1 to 4."],
      [{ heroType: "Rogue" }, "heroType", "Hero type must be one of: Might, Magic, Hybrid."],
      [{ startingSkills: "Wisdom" }, "startingSkills", 'Starting skills must be a JSON list, e.g. ["Flying"].'],
      [{ factionId: 999_999 }, "factionId", "Faction does not exist."],
    ];
    for (const [over, field, message] of cases) {
      const res = await call("/api/hero", { method: "POST", json: heroBody(over), token: tokens.moderator });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as ErrorBody).errors?.[field]?.[0]).toBe(message);
    }
    expect(await count("heroes")).toBe(before);
  });

  it("answers 409 stale_version with the current hero for an outdated updatedAt", async () => {
    const id = await insertHero(factionId);
    const res = await call(`/api/hero/${id}`, { method: "PUT", json: heroBody({ updatedAt: "2000-01-01T00:00:00.000Z" }), token: tokens.moderator });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("stale_version");
    expect(body.current?.id).toBe(id);
  });
});

describe("spell writes", () => {
  const spellBody = (over: Record<string, unknown> = {}) => ({
    name: unique("Spell"),
    description: "Burns.",
    school: "Fire",
    level: 2,
    effects: { kind: "damage" },
    factionIds: [factionId],
    ...over,
  });

  it("refuses guests (401) and users (403)", () => refusesNonModerators("/api/spell", spellBody(), "spells"));

  it("creates a spell with its factions (201), replaces them on PUT (200) and deletes it (204), audited", async () => {
    const other = await insertFaction();
    const created = await call("/api/spell", { method: "POST", json: spellBody(), token: tokens.admin });
    expect(created.status).toBe(201);
    const spell = (await created.json()) as Spell;
    expect(spell).toMatchObject({ school: "Fire", level: 2, factionIds: [factionId], effects: { kind: "damage" } });
    const updated = await call(`/api/spell/${spell.id}`, { method: "PUT", json: { ...spell, factionIds: [other] }, token: tokens.moderator });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Spell).factionIds).toEqual([other]);
    expect((await call(`/api/spell/${spell.id}`, { method: "DELETE", token: tokens.moderator })).status).toBe(204);
    const rows = await audit("spell", spell.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(rows[1]!.details).toEqual({ before: { factionIds: [factionId] }, after: { factionIds: [other] } });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM faction_spells WHERE spell_id = ?1").bind(spell.id).first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses bad schools, levels, targets, effects and unknown factions (400), and a duplicate name (409)", async () => {
    const before = await count("spells");
    const cases: [Record<string, unknown>, string][] = [
      [{ school: "Ice" }, "school"],
      [{ level: 6 }, "level"],
      [{ level: 0 }, "level"],
      [{ target: "Everyone" }, "target"],
      [{ duration: "Forever" }, "duration"],
      [{ manaCost: -1 }, "manaCost"],
      [{ effects: [1, 2] }, "effects"],
      [{ description: "" }, "description"],
      [{ factionIds: [999_999] }, "factionIds"],
    ];
    for (const [over, field] of cases) {
      const res = await call("/api/spell", { method: "POST", json: spellBody(over), token: tokens.moderator });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as ErrorBody).errors?.[field], field).toBeTruthy();
    }
    expect(await count("spells")).toBe(before);
    const name = unique("Twin");
    await insertSpell({ name });
    const dup = await call("/api/spell", { method: "POST", json: spellBody({ name }), token: tokens.moderator });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ErrorBody).errors?.name).toEqual(["A spell with this name already exists."]);
  });
});

describe("faction writes", () => {
  const factionBody = (over: Record<string, unknown> = {}) => ({
    name: unique("Faction"),
    alignment: "Neutral",
    description: "A faction made by a test.",
    ...over,
  });

  it("refuses guests (401) and users (403)", () => refusesNonModerators("/api/faction", factionBody(), "factions"));

  it("creates (201), updates (200) and deletes an empty faction (204), audited", async () => {
    const created = await call("/api/faction", { method: "POST", json: factionBody(), token: tokens.moderator });
    expect(created.status).toBe(201);
    const faction = (await created.json()) as Faction;
    expect(faction).toMatchObject({ alignment: "Neutral", unitCount: 0, isActive: true });
    const updated = await call(`/api/faction/${faction.id}`, { method: "PUT", json: { ...faction, alignment: "Chaos", updatedAt: faction.updatedAt }, token: tokens.admin });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Faction).alignment).toBe("Chaos");
    expect((await call(`/api/faction/${faction.id}`, { method: "DELETE", token: tokens.admin })).status).toBe(204);
    expect((await audit("faction", faction.id)).map((r) => r.action)).toEqual(["create", "update", "delete"]);
  });

  it("refuses to delete a faction that still has units or heroes (409 with a message saying so, nothing deleted)", async () => {
    const id = await insertFaction();
    await insertUnit(id, { is_active: 0 });
    await insertHero(id);
    const res = await call(`/api/faction/${id}`, { method: "DELETE", token: tokens.admin });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("conflict");
    expect(body.message).toBe("This faction still has 1 unit and 1 hero. Delete or move them before deleting the faction.");
    expect((await call(`/api/faction/${id}`, { token: tokens.admin })).status).toBe(200);
    expect(await audit("faction", id)).toEqual([]);
  });

  it("refuses a bad alignment, a missing description, a bad image URL (400) and a duplicate name (409)", async () => {
    for (const [over, field, message] of [
      [{ alignment: "Evil" }, "alignment", "Alignment must be one of: Order, Chaos, Neutral."],
      [{ description: "" }, "description", "Description is required"],
      [{ bannerUrl: "ftp://x" }, "bannerUrl", "Banner URL must be an http(s) URL or a path under /files/."],
    ] as const) {
      const res = await call("/api/faction", { method: "POST", json: factionBody(over), token: tokens.moderator });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).errors?.[field]?.[0]).toBe(message);
    }
    const name = unique("Taken");
    await insertFaction({ name });
    expect((await call("/api/faction", { method: "POST", json: factionBody({ name }), token: tokens.moderator })).status).toBe(409);
  });
});

describe("game-info writes", () => {
  const articleBody = (over: Record<string, unknown> = {}) => ({
    title: unique("Guide to sieges"),
    category: "Strategy",
    content: "Line one.\nLine two.",
    isPublished: true,
    ...over,
  });

  it("refuses guests (401) and users (403)", () => refusesNonModerators("/api/gameinfo", articleBody(), "game_info_articles"));

  it("creates with a slug made from the title (201), updates (200) and deletes (204), audited", async () => {
    const created = await call("/api/gameinfo", { method: "POST", json: articleBody(), token: tokens.moderator });
    expect(created.status).toBe(201);
    const article = (await created.json()) as GameInfoArticle;
    expect(article.slug).toMatch(/^guide-to-sieges-[a-z0-9-]+$/);
    expect(article.publishedAt).not.toBeNull();
    expect((await call(`/api/gameinfo/slug/${article.slug}`)).status).toBe(200);
    const updated = await call(`/api/gameinfo/${article.id}`, { method: "PUT", json: { ...article, isPublished: false }, token: tokens.admin });
    expect(updated.status).toBe(200);
    expect((await call(`/api/gameinfo/slug/${article.slug}`)).status).toBe(404);
    expect((await call(`/api/gameinfo/${article.id}`, { method: "DELETE", token: tokens.admin })).status).toBe(204);
    const rows = await audit("gameinfo", article.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(rows[0]!.details.after!.contentLength).toBe(19);
  });

  it("refuses a bad slug (400) and a taken slug (409)", async () => {
    const bad = await call("/api/gameinfo", { method: "POST", json: articleBody({ slug: "Bad Slug" }), token: tokens.moderator });
    expect(bad.status).toBe(400);
    const slug = `taken-${Date.now()}`;
    await insertGameInfo({ slug });
    const dup = await call("/api/gameinfo", { method: "POST", json: articleBody({ slug }), token: tokens.moderator });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ErrorBody).errors?.slug).toEqual(["An article with this slug already exists."]);
  });
});
