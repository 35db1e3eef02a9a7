import { beforeAll, describe, expect, it } from "vitest";
import type { Faction } from "../../shared/schemas/faction";
import type { Paged } from "../../shared/schemas/query";
import type { Hero } from "../../shared/schemas/hero";
import type { Unit } from "../../shared/schemas/unit";
import { spellsBySchool } from "../../web/src/features/game/lib/game-ui";
import { insertFaction, insertHero, insertSpell, insertUnit } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const ids = { active: 0, hidden: 0, unitT1: 0, unitT3Fly: 0, unitT3Up: 0, hiddenUnit: 0, might: 0, magic: 0, hiddenHero: 0, spell: 0, hiddenSpell: 0 };
const tokens = { user: "", moderator: "", admin: "" };

beforeAll(async () => {
  ids.active = await insertFaction({ alignment: "Chaos", sort_order: 1 });
  ids.hidden = await insertFaction({ is_active: 0 });
  ids.unitT1 = await insertUnit(ids.active, { tier: 1 });
  ids.unitT3Fly = await insertUnit(ids.active, { tier: 3, unit_type: "Flying" });
  ids.unitT3Up = await insertUnit(ids.active, { tier: 3, unit_type: "Flying", upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.unitT3Fly });
  ids.hiddenUnit = await insertUnit(ids.active, { tier: 2, is_active: 0 });
  await insertUnit(ids.hidden, { tier: 1 });
  ids.might = await insertHero(ids.active, { hero_type: "Might", hero_class: "Knight" });
  ids.magic = await insertHero(ids.active, { hero_type: "Magic", hero_class: "Battle Mage" });
  ids.hiddenHero = await insertHero(ids.active, { is_active: 0 });
  ids.spell = await insertSpell({ school: "Fire", level: 2 }, [ids.active]);
  ids.hiddenSpell = await insertSpell({ is_active: 0 }, [ids.active]);
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

const get = async <T>(path: string, token?: string) => {
  const res = await call(path, { token });
  return { res, body: (await res.json()) as T };
};

describe("GET /api/faction", () => {
  it("lists active factions with visible counts for a guest (200, public cache, no lists unless included)", async () => {
    const { res, body } = await get<Paged<Faction>>("/api/faction");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=60");
    expect(res.headers.get("ETag")).toBeTruthy();
    const names = body.items.map((f) => f.id);
    expect(names).toContain(ids.active);
    expect(names).not.toContain(ids.hidden);
    const active = body.items.find((f) => f.id === ids.active)!;
    expect(active).toMatchObject({ alignment: "Chaos", unitCount: 3, heroCount: 2, spellCount: 1, isActive: true });
    expect(active.units).toBeUndefined();
    expect(body.totalCount).toBe(body.items.length);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await call("/api/faction");
    const etag = first.headers.get("ETag")!;
    const second = await call("/api/faction", { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
  });

  it("includes units, heroes and spells when asked (visible rows only)", async () => {
    const { body } = await get<Paged<Faction>>("/api/faction?includeUnits=true&includeHeroes=true&includeSpells=true");
    const active = body.items.find((f) => f.id === ids.active)!;
    expect(active.units!.map((u) => u.id)).toEqual([ids.unitT1, ids.unitT3Fly, ids.unitT3Up]);
    expect(active.heroes!.map((h) => h.id).sort()).toEqual([ids.might, ids.magic].sort());
    expect(active.spells!.map((s) => s.id)).toEqual([ids.spell]);
    expect(active.spells![0]!.factionIds).toEqual([ids.active]);
    expect(active.units![0]!.specialAbilities).toEqual(["Brace"]);
    expect(active).toMatchObject({ unitsComplete: true, heroesComplete: true, spellsComplete: true });
  });

  it("ignores activeOnly=false for guests and users (200, still active only)", async () => {
    for (const token of [undefined, tokens.user]) {
      const { res, body } = await get<Paged<Faction>>("/api/faction?activeOnly=false&includeUnits=true", token);
      expect(res.status).toBe(200);
      expect(body.items.map((f) => f.id)).not.toContain(ids.hidden);
      expect(body.items.find((f) => f.id === ids.active)!.units!.map((u) => u.id)).not.toContain(ids.hiddenUnit);
    }
  });

  it("honours activeOnly=false for moderators and admins (200, inactive rows, no shared cache)", async () => {
    for (const token of [tokens.moderator, tokens.admin]) {
      const { res, body } = await get<Paged<Faction>>("/api/faction?activeOnly=false&includeUnits=true&includeHeroes=true&includeSpells=true", token);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(body.items.map((f) => f.id)).toContain(ids.hidden);
      const active = body.items.find((f) => f.id === ids.active)!;
      expect(active.unitCount).toBe(4);
      expect(active.units!.map((u) => u.id)).toContain(ids.hiddenUnit);
      expect(active.heroes!.map((h) => h.id)).toContain(ids.hiddenHero);
      expect(active.spells!.map((s) => s.id)).toContain(ids.hiddenSpell);
    }
  });

  it("refuses unknown include flags and bad flag values (400 validation_failed)", async () => {
    for (const q of ["includeFoo=true", "includeUnits=yes", "activeOnly=1"]) {
      const res = await call(`/api/faction?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
  });
});

describe("GET /api/faction/{id}", () => {
  it("answers an active faction with its includes for every role (200)", async () => {
    for (const token of [undefined, tokens.user, tokens.moderator, tokens.admin]) {
      const { res, body } = await get<Faction>(`/api/faction/${ids.active}?includeUnits=true&includeHeroes=true`, token);
      expect(res.status).toBe(200);
      expect(body.id).toBe(ids.active);
      expect(body.units!.length).toBe(3);
      expect(body.heroes!.length).toBe(2);
      expect(body.spells).toBeUndefined();
    }
  });

  it("hides an inactive faction from guests and users (404) but not from moderators and admins (200)", async () => {
    for (const token of [undefined, tokens.user]) {
      const res = await call(`/api/faction/${ids.hidden}`, { token });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("not_found");
    }
    for (const token of [tokens.moderator, tokens.admin]) {
      expect((await call(`/api/faction/${ids.hidden}`, { token })).status).toBe(200);
    }
  });

  it("answers 400 for malformed and out-of-range ids and 404 for a missing one (JSON envelope)", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999", "999999"]) {
      const res = await call(`/api/faction/${id}`);
      expect(res.status, id).toBe(id === "999999" ? 404 : 400);
      expect(res.headers.get("Content-Type")).toContain("application/json");
    }
  });
});

describe("GET /api/faction/{id}/units and /heroes", () => {
  it("filters a faction's units by tier, unit type and upgrade level (200)", async () => {
    const t3 = await get<Paged<Unit>>(`/api/faction/${ids.active}/units?tier=3`);
    expect(t3.res.status).toBe(200);
    expect(t3.body.items.map((u) => u.id)).toEqual([ids.unitT3Fly, ids.unitT3Up]);
    const flyingBase = await get<Paged<Unit>>(`/api/faction/${ids.active}/units?unitType=Flying&upgradeLevel=0`);
    expect(flyingBase.body.items.map((u) => u.id)).toEqual([ids.unitT3Fly]);
    const hiddenTier = await get<Paged<Unit>>(`/api/faction/${ids.active}/units?tier=2`);
    expect(hiddenTier.body.items).toEqual([]);
    const modHidden = await get<Paged<Unit>>(`/api/faction/${ids.active}/units?tier=2&activeOnly=false`, tokens.moderator);
    expect(modHidden.body.items.map((u) => u.id)).toEqual([ids.hiddenUnit]);
  });

  it("refuses tiers, types and levels outside the spec's lists (400)", async () => {
    for (const q of ["tier=0", "tier=8", "tier=x", "unitType=Dragon", "upgradeLevel=3", "bogus=1"]) {
      expect((await call(`/api/faction/${ids.active}/units?${q}`)).status, q).toBe(400);
    }
  });

  it("filters a faction's heroes by heroType and heroClass (200) and refuses other types (400)", async () => {
    const magic = await get<Paged<Hero>>(`/api/faction/${ids.active}/heroes?heroType=Magic`);
    expect(magic.body.items.map((h) => h.id)).toEqual([ids.magic]);
    const knight = await get<Paged<Hero>>(`/api/faction/${ids.active}/heroes?heroClass=knight`);
    expect(knight.body.items.map((h) => h.id)).toEqual([ids.might]);
    expect((await call(`/api/faction/${ids.active}/heroes?heroType=Rogue`)).status).toBe(400);
  });

  it("answers 404 for the units and heroes of an inactive or missing faction for guests (400 for a malformed id)", async () => {
    for (const path of [`/api/faction/${ids.hidden}/units`, `/api/faction/${ids.hidden}/heroes`, "/api/faction/999999/units"]) {
      expect((await call(path)).status, path).toBe(404);
    }
    expect((await call("/api/faction/x/heroes")).status).toBe(400);
    expect((await call(`/api/faction/${ids.hidden}/units`, { token: tokens.moderator })).status).toBe(200);
  });
});

describe("a faction's spells", () => {
  it("arrive by school, level and name (200), so the spell list groups them by school without sorting again", async () => {
    const faction = await insertFaction();
    const tag = `Order${Date.now()}`;
    // Inserted out of order on purpose.
    const fireHighB = await insertSpell({ school: "Fire", level: 3, name: `${tag} b` }, [faction]);
    const waterLow = await insertSpell({ school: "Water", level: 1, name: `${tag} a` }, [faction]);
    const fireLowZ = await insertSpell({ school: "Fire", level: 1, name: `${tag} Z` }, [faction]);
    const airHigh = await insertSpell({ school: "Air", level: 4, name: `${tag} c` }, [faction]);
    const fireLowA = await insertSpell({ school: "Fire", level: 1, name: `${tag} A` }, [faction]);
    const { res, body } = await get<Faction>(`/api/faction/${faction}?includeSpells=true`);
    expect(res.status).toBe(200);
    // Schools A–Z, then level, then name in code-point order ("A" < "Z" < "b").
    expect(body.spells!.map((s) => s.id)).toEqual([airHigh, fireLowA, fireLowZ, fireHighB, waterLow]);
    // The list shows the schools in the spec's order (Earth, Air, Fire, Water, Light, Dark), the
    // spells inside each in the order they came; empty schools are left out.
    expect(spellsBySchool(body.spells!).map((g) => [g.school, g.spells.map((s) => s.id)])).toEqual([
      ["Air", [airHigh]],
      ["Fire", [fireLowA, fireLowZ, fireHighB]],
      ["Water", [waterLow]],
    ]);
  });
});
