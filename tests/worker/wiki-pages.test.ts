/**
 * The unit, hero, spell, spell book and comparison pages painted at the edge: metadata (title,
 * canonical, Open Graph image, JSON-LD), 404 for unknown ids, noindex for /compare, and the
 * injected first answers equal to the API's.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gameKeys } from "@/features/game/lib/game-keys";
import { insertFaction, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, initialMissing, pageMain, userWithToken } from "./helpers";

const SITE = env.SITE_URL.replace(/\/$/, "");
const ids = { faction: 0, other: 0, unit: 0, up: 0, rival: 0, hidden: 0, hero: 0, spell: 0 };
const names = { unit: "", spell: "", faction: "" };
const PORTRAIT = `/files/units/${unique("p").replace(/\s/g, "-")}.jpg`;

function initialData(html: string): Record<string, unknown> | null {
  const match = html.match(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { "@type": string });

async function apiJson(key: string) {
  const res = await call(key);
  expect(res.status, key).toBe(200);
  return res.json();
}

beforeAll(async () => {
  names.faction = unique("Concord");
  ids.faction = await insertFaction({ name: names.faction });
  ids.other = await insertFaction();
  names.unit = unique("Pikeguard");
  ids.unit = await insertUnit(ids.faction, { name: names.unit, tier: 4, portrait_url: PORTRAIT });
  ids.up = await insertUnit(ids.faction, { tier: 4, upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.unit });
  ids.rival = await insertUnit(ids.other, { tier: 4 });
  ids.hidden = await insertUnit(ids.faction, { is_active: 0 });
  names.spell = unique("Spark");
  ids.spell = await insertSpell({ name: names.spell, school: "Fire", level: 2 }, [ids.faction]);
  ids.hero = await insertHero(ids.faction, { starting_spells: JSON.stringify([names.spell]) });
});

describe("GET /units/{id} (edge page)", () => {
  it("serves the unit's title, description, canonical, portrait as og:image, Thing and BreadcrumbList JSON-LD (200)", async () => {
    const res = await call(`/units/${ids.unit}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${names.unit} | Realm Codex</title>`);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/units/${ids.unit}">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}${PORTRAIT}">`);
    expect(html).toMatch(/<meta name="description" content="Tier 4 Infantry unit of the /);
    const types = jsonLd(html).map((d) => d["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Thing", "BreadcrumbList"]));
    expect(html).toContain(`<link rel="preload" as="image" href="${PORTRAIT}"`);
  });

  it("writes the unit page's API answer into the HTML, equal to the API's (200)", async () => {
    const key = gameKeys.unitPage(ids.unit);
    const data = initialData(await (await call(`/units/${ids.unit}`)).text());
    expect(data?.[key]).toEqual(await apiJson(key));
    expect((data?.[key] as { sameTier: { id: number }[] }).sameTier.map((u) => u.id)).toContain(ids.rival);
  });

  it("answers 404 with noindex, the 'Unit Not Found' view and no data for unknown, inactive and malformed ids", async () => {
    for (const id of ["999999", String(ids.hidden), "abc", "0"]) {
      const res = await call(`/units/${id}`);
      expect(res.status, id).toBe(404);
      const html = await res.text();
      expect(html, id).toContain('<meta name="robots" content="noindex">');
      expect(html, id).toContain("<title>Unit Not Found | Realm Codex</title>");
      expect(html, id).toContain('<meta name="description" content="This unit does not exist or is no longer available.">');
      expect(initialData(html)?.[gameKeys.unitPage(Number(id))], id).toBeUndefined();
      const main = pageMain(html);
      expect(main, id).toMatch(/<h1 [^>]*>Unit Not Found<\/h1>/);
      expect(main, id).toContain('href="/factions"');
      // A well-formed id was asked of the API: its 404 is in the HTML, so the SPA does not ask again.
      const key = gameKeys.unitPage(Number(id));
      if (/^[1-9]\d*$/.test(id)) expect(initialMissing(html), id).toEqual({ [key]: await (await call(key)).json() });
      else expect(initialMissing(html), id).toBeNull();
    }
  });

  it("gives a request carrying Authorization the page (200) but no injected data", async () => {
    const { token } = await userWithToken(["User"]);
    const res = await call(`/units/${ids.unit}`, { token });
    expect(res.status).toBe(200);
    expect(initialData(await res.text())).toBeNull();
  });
});

describe("GET /heroes/{id}, /spells/{id}, /spells (edge pages)", () => {
  it("serves a hero with Person JSON-LD and its answer injected (200); unknown ids 404", async () => {
    const res = await call(`/heroes/${ids.hero}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(jsonLd(html).map((d) => d["@type"])).toEqual(expect.arrayContaining(["Person", "BreadcrumbList"]));
    expect(html).toContain(`<link rel="canonical" href="${SITE}/heroes/${ids.hero}">`);
    const key = gameKeys.heroPage(ids.hero);
    expect(initialData(html)?.[key]).toEqual(await apiJson(key));
    expect((await call("/heroes/999999")).status).toBe(404);
  });

  it("serves a spell with its answer injected (200); unknown ids 404", async () => {
    const res = await call(`/spells/${ids.spell}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${names.spell} | Realm Codex</title>`);
    const key = gameKeys.spellPage(ids.spell);
    expect(initialData(html)?.[key]).toEqual(await apiJson(key));
    for (const id of ["999999", "x"]) expect((await call(`/spells/${id}`)).status, id).toBe(404);
  });

  it("serves the spell book with its filters' answer injected under the SPA's key (200)", async () => {
    const res = await call("/spells?school=Fire&level=2&bogus=1");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/spells">`);
    expect(html).toContain("<title>Spell Book | Realm Codex</title>");
    const key = gameKeys.spellBook({ school: "Fire", level: 2 });
    const data = initialData(html)?.[key] as { items: { id: number }[] };
    expect(data).toEqual(await apiJson(key));
    expect(data.items.map((s) => s.id)).toContain(ids.spell);
  });

  it("serves /spells?page=N (200) with that page's answer injected and painted: its cards and pager, or the past-the-end state", async () => {
    const { totalPages } = (await apiJson(gameKeys.spellBook({}))) as { totalPages: number };
    for (const page of [1, totalPages, totalPages + 1]) {
      const res = await call(`/spells?page=${page}`);
      expect(res.status, `page ${page}`).toBe(200);
      const html = await res.text();
      const key = gameKeys.spellBook({}, page);
      const data = initialData(html)?.[key] as { page: number; items: { name: string }[] };
      expect(data, `page ${page}`).toEqual(await apiJson(key));
      expect(data.page).toBe(page);
      if (page > totalPages) expect(html).toContain(`There is no page ${page} of these spells.`);
      else expect(html).toContain(data.items[0]!.name.replace(/'/g, "&#x27;"));
    }
  });
});

describe("GET /compare (edge page)", () => {
  it("is noindex without a canonical, with the compared units' answer injected (200)", async () => {
    const res = await call(`/compare?units=${ids.rival},${ids.unit}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    const key = gameKeys.unitsByIds([ids.rival, ids.unit]);
    expect(initialData(html)?.[key]).toEqual(await apiJson(key));
  });

  it("serves the page (200) for more than 4, repeated or malformed ids, reading the first 4 distinct", async () => {
    const res = await call(`/compare?units=${ids.unit},${ids.unit},abc,${ids.rival},900001,900002,900003`);
    expect(res.status).toBe(200);
    const key = gameKeys.unitsByIds([ids.unit, ids.rival, 900001, 900002]);
    expect(initialData(await res.text())?.[key]).toBeDefined();
  });
});
