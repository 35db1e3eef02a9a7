import { beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../shared/schemas/query";
import type { Hero, HeroFilters } from "../../shared/schemas/hero";
import type { Spell, SpellFilters } from "../../shared/schemas/spell";
import type { UnitDetail, Unit, UnitFilters } from "../../shared/schemas/unit";
import { insertFaction, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const ids = {
  faction: 0, other: 0, hiddenFaction: 0,
  base: 0, up1: 0, up2: 0, ranged: 0, hiddenUnit: 0, unitOfHidden: 0,
  hero: 0, hero2: 0, hiddenHero: 0, heroOfHidden: 0,
  fire: 0, water: 0, hiddenSpell: 0,
};
const tokens = { user: "", moderator: "", admin: "" };

beforeAll(async () => {
  ids.faction = await insertFaction();
  ids.other = await insertFaction();
  ids.hiddenFaction = await insertFaction({ is_active: 0 });
  ids.base = await insertUnit(ids.faction, { tier: 5, unit_type: "Cavalry" });
  ids.up1 = await insertUnit(ids.faction, { tier: 5, unit_type: "Cavalry", upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.base });
  ids.up2 = await insertUnit(ids.faction, { tier: 5, unit_type: "Cavalry", upgrade_level: 2, is_upgraded: 1, base_unit_id: ids.base });
  ids.ranged = await insertUnit(ids.other, { tier: 2, unit_type: "Ranged" });
  ids.hiddenUnit = await insertUnit(ids.faction, { tier: 6, is_active: 0 });
  ids.unitOfHidden = await insertUnit(ids.hiddenFaction, { tier: 7 });
  ids.hero = await insertHero(ids.faction, { hero_type: "Hybrid", hero_class: "Spellblade", rarity_level: 3 });
  ids.hero2 = await insertHero(ids.other, { hero_type: "Might", hero_class: "Knight" });
  ids.hiddenHero = await insertHero(ids.faction, { is_active: 0 });
  ids.heroOfHidden = await insertHero(ids.hiddenFaction);
  ids.fire = await insertSpell({ school: "Fire", level: 3, type: "Combat", is_common: 1 }, [ids.faction, ids.hiddenFaction]);
  ids.water = await insertSpell({ school: "Water", level: 1, type: "Adventure" }, [ids.other]);
  ids.hiddenSpell = await insertSpell({ is_active: 0 }, [ids.faction]);
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

const get = async <T>(path: string, token?: string) => {
  const res = await call(path, { token });
  return { res, body: (await res.json()) as T };
};
const everyone = () => [undefined, tokens.user, tokens.moderator, tokens.admin];

describe("GET /api/unit", () => {
  it("lists visible units with paging for every role (200)", async () => {
    for (const token of everyone()) {
      const { res, body } = await get<Paged<Unit>>(`/api/unit?factionId=${ids.faction}&pageSize=2`, token);
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ totalCount: 3, page: 1, pageSize: 2, totalPages: 2 });
      expect(body.items.map((u) => u.id)).toEqual([ids.base, ids.up1]);
    }
  });

  it("filters by tier, unitType and upgradeLevel (200)", async () => {
    expect((await get<Paged<Unit>>(`/api/unit?tier=2`)).body.items.map((u) => u.id)).toEqual([ids.ranged]);
    expect((await get<Paged<Unit>>(`/api/unit?unitType=Cavalry&upgradeLevel=2`)).body.items.map((u) => u.id)).toEqual([ids.up2]);
  });

  it("never shows inactive units or units of inactive factions to guests and users; moderators with activeOnly=false (200)", async () => {
    for (const token of [undefined, tokens.user]) {
      const { body } = await get<Paged<Unit>>("/api/unit?activeOnly=false&pageSize=200", token);
      const seen = body.items.map((u) => u.id);
      expect(seen).not.toContain(ids.hiddenUnit);
      expect(seen).not.toContain(ids.unitOfHidden);
    }
    const { body } = await get<Paged<Unit>>("/api/unit?activeOnly=false&pageSize=200", tokens.moderator);
    expect(body.items.map((u) => u.id)).toEqual(expect.arrayContaining([ids.hiddenUnit, ids.unitOfHidden]));
  });

  it("refuses bad paging and filters (400), including pageSize=100000", async () => {
    for (const q of ["pageSize=100000", "pageSize=0", "page=0", "page=x", "tier=0", "unitType=flying", "factionId=abc", "sort=name"]) {
      const res = await call(`/api/unit?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
  });

  it("answers /unit/{id} with the upgrade chain when asked (200) and hides inactive units from guests (404)", async () => {
    const { res, body } = await get<UnitDetail>(`/api/unit/${ids.up1}?includeUpgrades=true`);
    expect(res.status).toBe(200);
    expect(body.upgrades!.map((u) => [u.id, u.upgradeLevel])).toEqual([[ids.base, 0], [ids.up1, 1], [ids.up2, 2]]);
    expect((await get<UnitDetail>(`/api/unit/${ids.base}`)).body.upgrades).toBeUndefined();
    for (const id of [ids.hiddenUnit, ids.unitOfHidden]) {
      expect((await call(`/api/unit/${id}`)).status).toBe(404);
      expect((await call(`/api/unit/${id}`, { token: tokens.user })).status).toBe(404);
      expect((await call(`/api/unit/${id}`, { token: tokens.moderator })).status).toBe(200);
      expect((await call(`/api/unit/${id}`, { token: tokens.admin })).status).toBe(200);
    }
    for (const id of ["x", "0", "999999"]) expect((await call(`/api/unit/${id}`)).status).toBe(id === "999999" ? 404 : 400);
    expect((await call(`/api/unit/${ids.base}?includeUpgrades=maybe`)).status).toBe(400);
  });

  it("answers /unit/filters with the values that exist and their counts (200)", async () => {
    const { res, body } = await get<UnitFilters>(`/api/unit/filters?factionId=${ids.faction}`);
    expect(res.status).toBe(200);
    expect(body).toEqual({
      tiers: [{ value: 5, count: 3 }],
      unitTypes: [{ value: "Cavalry", count: 3 }],
      upgradeLevels: [{ value: 0, count: 1 }, { value: 1, count: 1 }, { value: 2, count: 1 }],
      factions: [{ value: ids.faction, count: 3, label: expect.any(String) }],
    });
    const all = await get<UnitFilters>("/api/unit/filters");
    expect(all.body.factions.map((f) => f.value)).not.toContain(ids.hiddenFaction);
    expect(all.body.tiers.map((t) => t.value)).not.toContain(7);
  });
});

describe("GET /api/hero", () => {
  it("lists and filters heroes by faction, heroType, heroClass and rarity (200)", async () => {
    for (const token of everyone()) {
      const { res, body } = await get<Paged<Hero>>(`/api/hero?factionId=${ids.faction}`, token);
      expect(res.status).toBe(200);
      expect(body.items.map((h) => h.id)).toEqual([ids.hero]);
    }
    expect((await get<Paged<Hero>>("/api/hero?heroType=Might&pageSize=200")).body.items.map((h) => h.id)).toContain(ids.hero2);
    expect((await get<Paged<Hero>>("/api/hero?heroClass=SPELLBLADE")).body.items.map((h) => h.id)).toEqual([ids.hero]);
    expect((await get<Paged<Hero>>("/api/hero?rarityLevel=3")).body.items.map((h) => h.id)).toEqual([ids.hero]);
    for (const q of ["heroType=Rogue", "rarityLevel=5", "pageSize=100000"]) expect((await call(`/api/hero?${q}`)).status, q).toBe(400);
  });

  it("hides inactive heroes and heroes of inactive factions from guests and users (list 200 without them, by id 404)", async () => {
    for (const token of [undefined, tokens.user]) {
      const seen = (await get<Paged<Hero>>("/api/hero?activeOnly=false&pageSize=200", token)).body.items.map((h) => h.id);
      expect(seen).not.toContain(ids.hiddenHero);
      expect(seen).not.toContain(ids.heroOfHidden);
      expect((await call(`/api/hero/${ids.hiddenHero}`, { token })).status).toBe(404);
      expect((await call(`/api/hero/${ids.heroOfHidden}`, { token })).status).toBe(404);
    }
    expect((await call(`/api/hero/${ids.hiddenHero}`, { token: tokens.moderator })).status).toBe(200);
    const hero = await get<Hero>(`/api/hero/${ids.hero}`);
    expect(hero.res.status).toBe(200);
    expect(hero.body).toMatchObject({ heroType: "Hybrid", heroClass: "Spellblade", startingSkills: ["Offense"] });
  });

  it("answers /hero/filters with classes, types, rarities and factions (200)", async () => {
    const { body } = await get<HeroFilters>(`/api/hero/filters?factionId=${ids.faction}`);
    expect(body).toEqual({
      heroClasses: [{ value: "Spellblade", count: 1 }],
      heroTypes: [{ value: "Hybrid", count: 1 }],
      rarityLevels: [{ value: 3, count: 1 }],
      factions: [{ value: ids.faction, count: 1, label: expect.any(String) }],
    });
  });
});

describe("GET /api/spell", () => {
  it("lists and filters spells by school, level, type, isCommon and factionId (200)", async () => {
    for (const token of everyone()) {
      const { res, body } = await get<Paged<Spell>>(`/api/spell?factionId=${ids.faction}`, token);
      expect(res.status).toBe(200);
      expect(body.items.map((s) => s.id)).toEqual([ids.fire]);
    }
    expect((await get<Paged<Spell>>("/api/spell?school=Water")).body.items.map((s) => s.id)).toEqual([ids.water]);
    expect((await get<Paged<Spell>>("/api/spell?level=3&type=Combat&isCommon=true")).body.items.map((s) => s.id)).toEqual([ids.fire]);
    expect((await get<Paged<Spell>>("/api/spell?isCommon=false&school=Fire")).body.items).toEqual([]);
    expect((await get<Paged<Spell>>(`/api/spell?factionId=${ids.hiddenFaction}`)).body.items).toEqual([]);
    for (const q of ["school=Ice", "level=6", "type=Passive", "isCommon=1"]) expect((await call(`/api/spell?${q}`)).status, q).toBe(400);
  });

  it("lists only visible factions in a spell's factionIds for guests, all for moderators", async () => {
    expect((await get<Spell>(`/api/spell/${ids.fire}`)).body.factionIds).toEqual([ids.faction]);
    expect((await get<Spell>(`/api/spell/${ids.fire}`, tokens.moderator)).body.factionIds).toEqual([ids.faction, ids.hiddenFaction]);
  });

  it("hides inactive spells from guests and users (404), not from moderators (200)", async () => {
    for (const token of [undefined, tokens.user]) {
      expect((await call(`/api/spell/${ids.hiddenSpell}`, { token })).status).toBe(404);
      const seen = (await get<Paged<Spell>>("/api/spell?activeOnly=false&pageSize=200", token)).body.items.map((s) => s.id);
      expect(seen).not.toContain(ids.hiddenSpell);
    }
    expect((await call(`/api/spell/${ids.hiddenSpell}`, { token: tokens.admin })).status).toBe(200);
    expect((await call("/api/spell/abc")).status).toBe(400);
  });

  it("answers /spell/filters (200) with schools, levels, types and factions", async () => {
    const { res, body } = await get<SpellFilters>("/api/spell/filters");
    expect(res.status).toBe(200);
    expect(body.schools).toEqual([{ value: "Fire", count: 1 }, { value: "Water", count: 1 }]);
    expect(body.levels).toEqual([{ value: 1, count: 1 }, { value: 3, count: 1 }]);
    expect(body.types).toEqual([{ value: "Combat", count: 1 }, { value: "Adventure", count: 1 }]);
    expect(body.factions.map((f) => f.value).sort()).toEqual([ids.faction, ids.other].sort());
  });
});
