/**
 * The API reads of the unit, hero, spell and comparison pages: GET /unit?ids=, the include flags
 * of /unit/{id}, /hero/{id} and /spell, the spell target filter, and the sitemap's game entries.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { HeroDetail } from "../../shared/schemas/hero";
import type { Paged } from "../../shared/schemas/query";
import type { SpellWithFactions } from "../../shared/schemas/spell";
import type { UnitDetail, UnitsByIds } from "../../shared/schemas/unit";
import { insertFaction, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, sitemapText, userWithToken } from "./helpers";

const SITE = env.SITE_URL.replace(/\/$/, "");

const ids = {
  north: 0, south: 0, west: 0, hidden: 0,
  base: 0, up1: 0, up2: 0, southT3: 0, westT3: 0, southT3up: 0, southT4: 0, inactive: 0, ofHidden: 0, hiddenT3: 0,
  hero: 0, brokenHero: 0, hiddenHero: 0,
  bolt: 0, ward: 0, hiddenSpell: 0, selfSpell: 0,
};
const names = { bolt: "", ward: "", hiddenSpell: "" };
let moderator = "";

beforeAll(async () => {
  ids.north = await insertFaction({ sort_order: 1 });
  ids.south = await insertFaction({ sort_order: 2 });
  ids.west = await insertFaction({ sort_order: 3 });
  ids.hidden = await insertFaction({ is_active: 0 });
  ids.base = await insertUnit(ids.north, { tier: 3, attack: 7 });
  ids.up1 = await insertUnit(ids.north, { tier: 3, upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.base, attack: 9 });
  ids.up2 = await insertUnit(ids.north, { tier: 3, upgrade_level: 2, is_upgraded: 1, base_unit_id: ids.base, attack: 12 });
  ids.southT3 = await insertUnit(ids.south, { tier: 3 });
  ids.westT3 = await insertUnit(ids.west, { tier: 3 });
  ids.southT3up = await insertUnit(ids.south, { tier: 3, upgrade_level: 1, is_upgraded: 1 });
  ids.southT4 = await insertUnit(ids.south, { tier: 4 });
  ids.inactive = await insertUnit(ids.south, { tier: 3, is_active: 0 });
  ids.ofHidden = await insertUnit(ids.hidden, { tier: 2 });
  ids.hiddenT3 = await insertUnit(ids.hidden, { tier: 3 });
  names.bolt = unique("Bolt");
  names.ward = unique("Ward");
  names.hiddenSpell = unique("Hidden");
  ids.bolt = await insertSpell({ name: names.bolt, school: "Air", level: 2, target: "Single" }, [ids.south, ids.north, ids.hidden]);
  ids.ward = await insertSpell({ name: names.ward, school: "Earth", level: 1, target: "Area" }, [ids.west]);
  ids.hiddenSpell = await insertSpell({ name: names.hiddenSpell, is_active: 0 }, [ids.north]);
  ids.selfSpell = await insertSpell({ school: "Air", level: 2, target: "Self" });
  ids.hero = await insertHero(ids.north, {
    starting_spells: JSON.stringify([names.ward, "No Such Spell", names.hiddenSpell, names.bolt]),
  });
  ids.brokenHero = await insertHero(ids.south, { starting_spells: "Fireball, Haste" });
  ids.hiddenHero = await insertHero(ids.north, { is_active: 0 });
  moderator = (await userWithToken(["Moderator"])).token;
});

const get = async <T>(path: string, token?: string) => {
  const res = await call(path, { token });
  return { res, body: (await res.json()) as T };
};

describe("GET /api/unit?ids= (the comparison's read)", () => {
  it("answers the units in the order asked, each with its faction (200, cacheable)", async () => {
    const { res, body } = await get<UnitsByIds>(`/api/unit?ids=${ids.westT3},${ids.base},${ids.southT3}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("max-age=60");
    expect(res.headers.get("ETag")).toBeTruthy();
    expect(body.items.map((u) => u.id)).toEqual([ids.westT3, ids.base, ids.southT3]);
    expect(body.items.map((u) => u.faction.id)).toEqual([ids.west, ids.north, ids.south]);
    expect(body.items[1]).toMatchObject({ attack: 7, tier: 3, faction: { alignment: "Order" } });
    expect(body.missingIds).toEqual([]);
  });

  it("keeps a different order when asked differently (200)", async () => {
    const { body } = await get<UnitsByIds>(`/api/unit?ids=${ids.southT3},${ids.base}`);
    expect(body.items.map((u) => u.id)).toEqual([ids.southT3, ids.base]);
  });

  it("reports unknown ids, inactive units and units of inactive factions as missing to guests (200)", async () => {
    const { res, body } = await get<UnitsByIds>(`/api/unit?ids=${ids.inactive},${ids.base},999999,${ids.ofHidden}`);
    expect(res.status).toBe(200);
    expect(body.items.map((u) => u.id)).toEqual([ids.base]);
    expect(body.missingIds).toEqual([ids.inactive, 999999, ids.ofHidden]);
  });

  it("shows moderators inactive units by id, as /unit/{id} does (200)", async () => {
    const { body } = await get<UnitsByIds>(`/api/unit?ids=${ids.inactive},${ids.ofHidden}`, moderator);
    expect(body.items.map((u) => u.id)).toEqual([ids.inactive, ids.ofHidden]);
    expect(body.missingIds).toEqual([]);
  });

  it("refuses more than 4 ids, repeats, malformed lists and ids mixed with filters (400 validation_failed)", async () => {
    const cases: [string, RegExp][] = [
      [`ids=1,2,3,4,5`, /At most 4 unit ids/],
      [`ids=${ids.base},${ids.base}`, /must not repeat/],
      [`ids=1,,2`, /comma-separated list/],
      [`ids=1;2`, /comma-separated list/],
      [`ids=0,1`, /comma-separated list/],
      [`ids=-1`, /comma-separated list/],
      [`ids=1.5`, /comma-separated list/],
      [`ids=99999999999`, /comma-separated list/],
      [`ids=1,2&tier=3`, /cannot be combined with tier/],
      [`ids=1&ids=2`, /comma-separated list/],
    ];
    for (const [query, message] of cases) {
      const res = await call(`/api/unit?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code, query).toBe("validation_failed");
      expect(JSON.stringify(body.errors), query).toMatch(/^\{"ids":/);
      expect(body.errors.ids?.join(" ") ?? "", query).toMatch(message);
    }
  });

  it("treats an empty ids as absent: the ordinary list (200)", async () => {
    const { res, body } = await get<Paged<unknown>>(`/api/unit?ids=&factionId=${ids.north}`);
    expect(res.status).toBe(200);
    expect(body.totalCount).toBe(3);
  });
});

describe("GET /api/unit/{id} with the unit page's includes", () => {
  const page = (id: number | string) => `/api/unit/${id}?includeFaction=true&includeSameTier=true&includeUpgrades=true`;

  it("adds the faction, the upgrade chain and the same tier and level in the other active factions (200)", async () => {
    const { res, body } = await get<UnitDetail>(page(ids.up1));
    expect(res.status).toBe(200);
    expect(body.faction).toMatchObject({ id: ids.north, alignment: "Order" });
    expect(body.upgrades?.map((u) => [u.id, u.attack])).toEqual([[ids.base, 7], [ids.up1, 9], [ids.up2, 12]]);
    // Upgrade 1 of tier 3 elsewhere: only the south's.
    expect(body.sameTier?.map((u) => u.id)).toEqual([ids.southT3up]);
    expect(body.sameTier?.[0]?.faction.id).toBe(ids.south);
  });

  it("lists same-tier units in the factions' display order, never inactive ones or inactive factions' (200)", async () => {
    const { body } = await get<UnitDetail>(page(ids.base));
    expect(body.sameTier?.map((u) => u.id)).toEqual([ids.southT3, ids.westT3]);
    expect(body.sameTier?.map((u) => u.id)).not.toContain(ids.inactive);
    expect(body.sameTier?.map((u) => u.id)).not.toContain(ids.hiddenT3);
  });

  it("adds nothing that was not asked for (200)", async () => {
    const { body } = await get<UnitDetail>(`/api/unit/${ids.base}?includeFaction=true`);
    expect(body.faction?.id).toBe(ids.north);
    expect(body.upgrades).toBeUndefined();
    expect(body.sameTier).toBeUndefined();
  });

  it("answers 404 for unknown and inactive ids and 400 for malformed ones, with the includes", async () => {
    for (const id of ["999999", String(ids.inactive), String(ids.ofHidden)]) {
      const res = await call(page(id));
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("not_found");
    }
    for (const id of ["abc", "0", "1e3", "-2"]) {
      const res = await call(page(id));
      expect(res.status, id).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
  });

  it("refuses a misspelt include flag or a bad flag value (400)", async () => {
    expect((await call(`/api/unit/${ids.base}?includeSametier=true`)).status).toBe(400);
    expect((await call(`/api/unit/${ids.base}?includeFaction=yes`)).status).toBe(400);
  });
});

describe("GET /api/hero/{id} with the hero page's includes", () => {
  it("adds the faction and the visible spells its starting spells name, in the hero's order (200)", async () => {
    const { res, body } = await get<HeroDetail>(`/api/hero/${ids.hero}?includeFaction=true&includeSpells=true`);
    expect(res.status).toBe(200);
    expect(body.faction?.id).toBe(ids.north);
    expect(body.spells).toEqual([
      { id: ids.ward, name: names.ward, school: "Earth", level: 1 },
      { id: ids.bolt, name: names.bolt, school: "Air", level: 2 },
    ]);
    // The text list stays as stored.
    expect(body.startingSpells).toEqual([names.ward, "No Such Spell", names.hiddenSpell, names.bolt]);
  });

  it("answers a hero whose starting spells are not JSON with no spell links (200, never 500)", async () => {
    const { res, body } = await get<HeroDetail>(`/api/hero/${ids.brokenHero}?includeSpells=true`);
    expect(res.status).toBe(200);
    expect(body.spells).toEqual([]);
  });

  it("answers 404 for unknown and inactive hero ids, 400 for malformed ones", async () => {
    for (const id of ["999999", String(ids.hiddenHero), "x1"]) {
      expect((await call(`/api/hero/${id}?includeFaction=true&includeSpells=true`)).status, id).toBe(id === "x1" ? 400 : 404);
    }
  });
});

describe("GET /api/spell with target and includeFactions", () => {
  it("filters by target (200)", async () => {
    const { body } = await get<Paged<SpellWithFactions>>(`/api/spell?school=Air&level=2&target=Self&pageSize=200`);
    expect(body.items.map((s) => s.id)).toContain(ids.selfSpell);
    expect(body.items.map((s) => s.id)).not.toContain(ids.bolt);
    expect((await call("/api/spell?target=Everyone")).status).toBe(400);
  });

  it("names each spell's visible factions in display order when asked (200)", async () => {
    const { body } = await get<Paged<SpellWithFactions>>(`/api/spell?school=Air&level=2&target=Single&includeFactions=true&pageSize=200`);
    const bolt = body.items.find((s) => s.id === ids.bolt);
    expect(bolt?.factions.map((f) => f.id)).toEqual([ids.north, ids.south]);
    const plain = await get<Paged<SpellWithFactions>>(`/api/spell?school=Air&level=2&target=Single&pageSize=200`);
    expect(plain.body.items.find((s) => s.id === ids.bolt)).not.toHaveProperty("factions");
  });

  it("answers /spell/{id}?includeFactions=true (200), 404 for hidden or missing ids and 400 for malformed ones", async () => {
    const { res, body } = await get<SpellWithFactions>(`/api/spell/${ids.ward}?includeFactions=true`);
    expect(res.status).toBe(200);
    expect(body.factions).toEqual([expect.objectContaining({ id: ids.west })]);
    for (const id of [String(ids.hiddenSpell), "999999", "1.0"]) {
      expect((await call(`/api/spell/${id}?includeFactions=true`)).status, id).toBe(id === "1.0" ? 400 : 404);
    }
  });
});

describe("GET /sitemap.xml game entries", () => {
  it("lists every visible unit, hero and spell page and the spell book, none of the hidden ones (200)", async () => {
    const xml = await sitemapText();
    for (const path of [`/units/${ids.base}`, `/units/${ids.up2}`, `/heroes/${ids.hero}`, `/spells/${ids.bolt}`, "/spells"]) {
      expect(xml, path).toContain(`<loc>${SITE}${path}</loc>`);
    }
    for (const path of [`/units/${ids.inactive}`, `/units/${ids.ofHidden}`, `/heroes/${ids.hiddenHero}`, `/spells/${ids.hiddenSpell}`]) {
      expect(xml, path).not.toContain(`<loc>${SITE}${path}</loc>`);
    }
  });
});
