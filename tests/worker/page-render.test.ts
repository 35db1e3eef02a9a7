/**
 * Every public page type rendered by React on the Worker (worker/pages, web/src/entry.server.tsx):
 * the HTML's main element holds the page's content as the browser's components render it, hostile
 * text is text, a missing item is its page's 404 view, and a request carrying Authorization gets
 * the page without answers. (The news pages: tests/worker/pages.test.ts.)
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insertFaction, insertGameInfo, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, pageMain, userWithToken, visibleText } from "./helpers";

const HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 & ' \"";
/** HOSTILE as React escapes text (U+2028/2029 written as references by the Worker). */
const ESCAPED = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#8232;&#8233; &amp; &#x27; &quot;";

async function mainOf(path: string, status = 200, init: Parameters<typeof call>[1] = {}) {
  const res = await call(path, init);
  expect(res.status, path).toBe(status);
  const main = pageMain(await res.text());
  expect(main, path).toBeTruthy();
  return { main: main!, text: visibleText(main!) };
}

/** Hostile text is in the page only as escaped text: no element, script or comment comes from it. */
function expectTextOnly(main: string) {
  expect(main).toContain(ESCAPED);
  expect(main).not.toContain("<script");
  expect(main).not.toContain("<!-- \u2028");
  expect(main).not.toMatch(/[\u2028\u2029]/);
}

const ids = { faction: 0, unit: 0, up: 0, hostileUnit: 0, hero: 0, hostileHero: 0, spell: 0, hostileSpell: 0, hidden: 0 };
const names = { faction: "", unit: "", up: "", hero: "", spell: "" };
const slugs = { article: "", hostile: "", draft: "" };
const categories = { lore: `Lore ${Date.now().toString(36)}` };

beforeAll(async () => {
  names.faction = unique("Rendered Faction");
  ids.faction = await insertFaction({ name: names.faction, summary: `Faction ${HOSTILE}` });
  names.unit = unique("Rendered Pikeman");
  ids.unit = await insertUnit(ids.faction, { name: names.unit, tier: 3, summary: "Holds the line." });
  names.up = unique("Rendered Halberdier");
  ids.up = await insertUnit(ids.faction, { name: names.up, tier: 3, upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.unit, attack: 7 });
  ids.hostileUnit = await insertUnit(ids.faction, { name: `Unit ${HOSTILE}`, description: `Description ${HOSTILE}` });
  ids.hidden = await insertUnit(ids.faction, { is_active: 0 });
  names.spell = unique("Rendered Spark");
  ids.spell = await insertSpell({ name: names.spell, school: "Fire", level: 2, mana_cost: 9 }, [ids.faction]);
  ids.hostileSpell = await insertSpell({ name: `Spell ${HOSTILE}`, description: `Desc ${HOSTILE}` });
  names.hero = unique("Rendered Hero");
  ids.hero = await insertHero(ids.faction, { name: names.hero, starting_spells: JSON.stringify([names.spell]) });
  ids.hostileHero = await insertHero(ids.faction, { name: `Hero ${HOSTILE}`, biography: `Bio ${HOSTILE}` });
  slugs.article = unique("rendered-guide").replace(/[^a-z0-9]+/g, "-");
  slugs.hostile = `${slugs.article}-hostile`;
  slugs.draft = `${slugs.article}-draft`;
  await insertGameInfo({ title: "Rendered guide", slug: slugs.article, summary: "A guide.", content: "Some content.\nSecond line.", is_featured: 1 });
  await insertGameInfo({ title: `Guide ${HOSTILE}`, slug: slugs.hostile, content: `Body ${HOSTILE}` });
  await insertGameInfo({ title: "Rendered draft", slug: slugs.draft, is_published: 0, published_at: null });
  await insertGameInfo({ title: "Rendered lore", slug: `${slugs.article}-lore`, category: categories.lore });
});

describe("the wiki pages rendered by React on the Worker", () => {
  it("GET /units/{id}: breadcrumb, name, faction, summary, stats, upgrade chain and the compare button (200)", async () => {
    const { main, text } = await mainOf(`/units/${ids.unit}`);
    expect(main).toMatch(new RegExp(`<h1 [^>]*>${names.unit}</h1>`));
    expect(main).toContain(`href="/factions/${ids.faction}"`);
    expect(text).toContain("Holds the line.");
    expect(main).toContain('data-testid="unit-stats"');
    expect(main).toContain('data-testid="upgrade-chain"');
    expect(main).toContain(`href="/units/${ids.up}"`);
    expect(main).toContain('data-testid="compare-toggle"');
    expectTextOnly((await mainOf(`/units/${ids.hostileUnit}`)).main);
  });

  it("GET /heroes/{id}: name, faction and the starting spells linked to the spell book (200)", async () => {
    const { main } = await mainOf(`/heroes/${ids.hero}`);
    expect(main).toMatch(new RegExp(`<h1 [^>]*>${names.hero}</h1>`));
    expect(main).toContain(`href="/spells/${ids.spell}"`);
    expectTextOnly((await mainOf(`/heroes/${ids.hostileHero}`)).main);
  });

  it("GET /spells/{id}: name, school, level and the factions teaching it (200)", async () => {
    const { main, text } = await mainOf(`/spells/${ids.spell}`);
    expect(main).toMatch(new RegExp(`<h1 [^>]*>${names.spell}</h1>`));
    expect(text).toContain("Fire");
    expect(text).toContain("Level 2");
    expect(main).toContain(`href="/factions/${ids.faction}"`);
    expectTextOnly((await mainOf(`/spells/${ids.hostileSpell}`)).main);
  });

  it("GET /spells?school=Fire: the heading, the filter with the URL's value and the matching spells' cards (200)", async () => {
    const { main, text } = await mainOf("/spells?school=Fire");
    expect(text).toContain("Spell Book");
    expect(main).toMatch(/<option value="Fire" selected="">Fire<\/option>/);
    expect(text).toContain(names.spell);
    expectTextOnly(main);
  });

  it("unknown, inactive and malformed ids render their page's 'Not Found' view with 404", async () => {
    for (const [path, title] of [
      [`/units/${ids.hidden}`, "Unit Not Found"],
      ["/units/abc", "Unit Not Found"],
      ["/heroes/999999", "Hero Not Found"],
      ["/spells/999999", "Spell Not Found"],
      ["/factions/999999", "Faction Not Found"],
      [`/game-info/${slugs.draft}`, "Article Not Found"],
      ["/game-info/NOT_A_SLUG", "Article Not Found"],
    ] as const) {
      const { main } = await mainOf(path, 404);
      expect(main, path).toMatch(new RegExp(`<h1 [^>]*>${title}</h1>`));
    }
  });

  it("a missing record fails the route's loader: its error element, answered 404, with the API's envelope for the browser's router", async () => {
    const res = await call("/heroes/999999", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(pageMain(html)).toMatch(/<h1 [^>]*>Hero Not Found<\/h1>/);
    const routeError = html.match(/<script type="application\/json" id="route-error">([\s\S]*?)<\/script>/)?.[1];
    expect(JSON.parse(routeError!)).toMatchObject({ id: "/heroes/:id", status: 404, data: { code: "not_found" } });
    // A malformed id is no read at all (the page's own view, 404), and no loader error.
    const malformed = await call("/heroes/abc", { headers: { Accept: "text/html" } });
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).not.toContain('id="route-error"');
  });

  it("GET /compare?units=…: the compared units' table and chart (200); without units, the page's hint", async () => {
    const { main, text } = await mainOf(`/compare?units=${ids.unit},${ids.up}`);
    expect(text).toContain("Compare Units");
    expect(main).toContain(`href="/units/${ids.up}"`);
    expect(main).toContain('data-testid="compare-chart"');
    expect((await mainOf("/compare")).text).toContain("Compare Units");
  });
});

describe("the game pages rendered by React on the Worker", () => {
  it("GET /factions: every active faction's card (200)", async () => {
    const { main, text } = await mainOf("/factions");
    expect(text).toContain(names.faction);
    expect(main).toContain(`href="/factions/${ids.faction}"`);
    expectTextOnly(main);
  });

  it("GET /game-info: every published guide, featured first and marked, the categories and the factions linked (200)", async () => {
    const { main, text } = await mainOf("/game-info?pageSize=ignored");
    expect(text).toContain("Rendered guide");
    expect(text).toContain("Featured");
    expect(text).not.toContain("Rendered draft");
    expect(main).toContain(`href="/game-info/${slugs.article}"`);
    expect(main).toContain(`href="/game-info/${slugs.hostile}"`);
    expect(main).toContain('href="/game-info?category=Guides"');
    expect(main).toContain(`href="/factions/${ids.faction}"`);
    expectTextOnly(main);
  });

  it("GET /game-info?category=…: that category's guides only, the category marked current (200); none: the empty state", async () => {
    const { main, text } = await mainOf(`/game-info?category=${encodeURIComponent(categories.lore)}`);
    expect(text).toContain("Rendered lore");
    expect(text).not.toContain("Rendered guide");
    expect(main).toMatch(new RegExp(`aria-current="page"[^>]*>${categories.lore}`));
    const none = await mainOf("/game-info?category=No%20such%20category");
    expect(none.text).toContain("No guides match your filters.");
  });

  it("GET /factions/{id}: banner, tabs and the Overview panel; ?tab=units the units' cards (200)", async () => {
    const { main, text } = await mainOf(`/factions/${ids.faction}`);
    expect(main).toMatch(new RegExp(`<h1 [^>]*>${names.faction}</h1>`));
    expect(main).toContain('role="tablist"');
    expect(main).toContain('aria-selected="true"');
    expect(text).toContain("Overview");
    expect((await mainOf(`/factions/${ids.faction}?tab=units`)).main).toContain(`href="/units/${ids.unit}"`);
  });

  it("GET /game-info/{slug}: title, summary and the content with its line breaks (200); hostile text as text", async () => {
    const { main, text } = await mainOf(`/game-info/${slugs.article}`);
    expect(main).toMatch(/<h1 [^>]*>Rendered guide<\/h1>/);
    expect(text).toContain("A guide.");
    // The body as Markdown: one paragraph, its line break kept.
    expect(main).toMatch(/data-testid="gameinfo-content"[^>]*><p>Some content.<br>\nSecond line.<\/p>/);
    expectTextOnly((await mainOf(`/game-info/${slugs.hostile}`)).main);
  });
});

describe("the gallery, forum and search pages rendered by React on the Worker", () => {
  const gallery = { category: 0, title: "", pending: "" };
  beforeAll(async () => {
    const slug = unique("rendered-art").replace(/[^a-z0-9]+/g, "-");
    gallery.category = (await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES (?1, ?2, '#A855F7') RETURNING id")
      .bind(unique("Rendered Art"), slug)
      .first<{ id: number }>())!.id;
    gallery.title = unique("Rendered shot");
    gallery.pending = unique("Pending shot");
    for (const [title, approved] of [[gallery.title, 1], [`Shot ${HOSTILE}`, 1], [gallery.pending, 0]] as const) {
      await env.DB.prepare(
        `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_key, large_key, thumbnail_key, thumbnail_webp_key, width, height)
         VALUES (?1, ?2, 'image', ?3, ?4, 'media/q/original.jpg', 'media/q/large.jpg', 'media/q/thumb.jpg', 'media/q/thumb.webp', 1600, 900)`,
      )
        .bind(title, `About ${title}`, gallery.category, approved)
        .run();
    }
  });

  it("GET /screenshots?categoryId=…: the heading, the category's approved cards (never a pending one), the first thumbnail high priority (200)", async () => {
    const { main, text } = await mainOf(`/screenshots?categoryId=${gallery.category}`);
    expect(text).toContain("Gallery");
    expect(text).toContain(gallery.title);
    expect(text).not.toContain(gallery.pending);
    expect(main.match(/<img [^>]*>/)?.[0]).toContain('fetchPriority="high"');
    expectTextOnly(main);
  });

  it("GET /forum: the heading, the intro and the community guidelines (200)", async () => {
    const { text } = await mainOf("/forum");
    expect(text).toContain("Community Forum");
    expect(text).toContain("Community Guidelines");
  });

  it("GET /search?q=…: the results for the query, grouped by type (200); /search alone the hint", async () => {
    const { main, text } = await mainOf(`/search?q=${encodeURIComponent(names.unit.split(" ")[0]!)}`);
    expect(text).toContain("Search");
    expect(main).toContain(`href="/units/${ids.unit}"`);
    expect((await mainOf("/search")).text).toContain("Type a word or two in the search box");
  });

  it("a request carrying Authorization gets the page without answers: its loading state, no data", async () => {
    const { token } = await userWithToken(["User"]);
    const { main } = await mainOf(`/units/${ids.unit}`, 200, { token });
    expect(main).not.toContain(names.unit);
    expect(main).toContain('aria-busy="true"');
  });
});
