/**
 * The wiki and gallery pages' first view painted by the Worker into the shell's page slot (unit,
 * hero, spell, /screenshots, /forum):
 * the painted markup, hostile text escaped, the "Not Found" view for 404 pages and an empty slot
 * for requests carrying Authorization.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { insertFaction, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, missingItemHeading, paintedSlot, userWithToken } from "./helpers";

const HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 & ' \"";
const ESCAPED = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#8232;&#8233; &amp; &#39; &quot;";

async function slotOf(path: string, status = 200) {
  const res = await call(path);
  expect(res.status, path).toBe(status);
  const html = await res.text();
  return { html, slot: paintedSlot(html) };
}

function expectNoMarkupFrom(slot: string) {
  expect(slot).toContain(ESCAPED);
  expect(slot).not.toContain("<script");
  expect(slot).not.toContain("<!--");
  expect(slot).not.toMatch(/[\u2028\u2029]/);
}

const ids = { faction: 0, other: 0, unit: 0, up: 0, rival: 0, bare: 0, hidden: 0, hostileUnit: 0, hero: 0, hostileHero: 0, spell: 0, hostileSpell: 0, hiddenSpell: 0 };
const names = { faction: "", unit: "", up: "", rival: "", hero: "", spell: "" };
const PORTRAIT = `/files/portraits/${unique("paint").replace(/\s/g, "-")}.jpg`;

beforeAll(async () => {
  names.faction = unique("Painted Faction");
  ids.faction = await insertFaction({ name: names.faction });
  ids.other = await insertFaction();
  names.unit = unique("Painted Pikeman");
  ids.unit = await insertUnit(ids.faction, { name: names.unit, tier: 3, portrait_url: PORTRAIT, summary: "Holds the line." });
  names.up = unique("Painted Halberdier");
  ids.up = await insertUnit(ids.faction, { name: names.up, tier: 3, upgrade_level: 1, is_upgraded: 1, base_unit_id: ids.unit, attack: 7 });
  names.rival = unique("Painted Rival");
  ids.rival = await insertUnit(ids.other, { name: names.rival, tier: 3 });
  ids.bare = await insertUnit(ids.faction, { name: unique("Bare"), tier: 6, special_abilities: JSON.stringify([]) });
  ids.hidden = await insertUnit(ids.faction, { is_active: 0 });
  ids.hostileUnit = await insertUnit(ids.faction, {
    name: `Unit ${HOSTILE}`,
    summary: `Summary ${HOSTILE}`,
    description: `Description ${HOSTILE}`,
    special_abilities: JSON.stringify([`Ability ${HOSTILE}`]),
  });
  names.spell = unique("Painted Spark");
  ids.spell = await insertSpell({ name: names.spell, school: "Fire", level: 2, mana_cost: 9 }, [ids.faction]);
  names.hero = unique("Painted Hero");
  ids.hero = await insertHero(ids.faction, { name: names.hero, rarity_level: 3, starting_spells: JSON.stringify([names.spell, "Unknown Spell"]) });
  ids.hostileHero = await insertHero(ids.faction, { name: `Hero ${HOSTILE}`, title: `Title ${HOSTILE}`, biography: `Bio ${HOSTILE}`, starting_skills: JSON.stringify([`Skill ${HOSTILE}`]) });
  ids.hostileSpell = await insertSpell({ name: `Spell ${HOSTILE}`, description: `Desc ${HOSTILE}`, effects: JSON.stringify({ hostileKey: HOSTILE }) });
  ids.hiddenSpell = await insertSpell({ is_active: 0 });
});

describe("GET /units/{id}: the unit painted into the page slot", () => {
  it("paints the breadcrumb, portrait (WebP first, eager, 160 px), badges, name, faction link, compare button, stats, abilities, upgrade chain and same-tier units; the slot is no longer busy (200)", async () => {
    const { html, slot } = await slotOf(`/units/${ids.unit}`);
    expect(slot).not.toBeNull();
    expect(html).not.toMatch(/<div aria-busy="true" data-page-slot/);
    expect(slot).toContain('<nav aria-label="Breadcrumb"');
    expect(slot).toContain(`<a href="/factions/${ids.faction}" class="rounded hover:text-brand-700`);
    expect(slot).toContain(`<source type="image/webp" srcset="${PORTRAIT.replace(/\.jpg$/, ".webp")}">`);
    expect(slot).toContain(`<img src="${PORTRAIT}" alt="" width="160" height="160" loading="eager" decoding="async" class="h-full w-full object-cover">`);
    expect(slot).toContain(`<h1 class="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${names.unit}</h1>`);
    expect(slot).toContain(">Tier 3</span>");
    expect(slot).toContain('<p class="mt-3 text-lg text-ink">Holds the line.</p>');
    expect(slot).toContain(`aria-label="Compare ${names.unit}" data-testid="compare-toggle"`);
    expect(slot).toContain('data-testid="unit-stats"');
    expect(slot).toContain("<dt class=\"text-xs font-medium text-ink-muted\">Damage</dt><dd class=\"text-lg font-semibold text-ink tabular-nums\">1–3</dd>");
    expect(slot).toContain("<li>Brace</li>");
    expect(slot).toContain('data-testid="upgrade-chain"');
    expect(slot).toContain(`<a href="/units/${ids.up}" class="hover:underline">${names.up}</a>`);
    expect(slot).toContain(`Compared with ${names.unit}: +2 attack`);
    expect(slot).toContain(`<a href="/units/${ids.rival}" class="block font-semibold break-words text-ink hover:underline">${names.rival}</a>`);
    // The preload names the image the browser picks: the WebP twin.
    expect(html).toContain(`<link rel="preload" as="image" href="${PORTRAIT.replace(/\.jpg$/, ".webp")}"`);
  });

  it("a unit with no abilities, no upgrades and no rival tier paints the empty texts (200)", async () => {
    const { slot } = await slotOf(`/units/${ids.bare}`);
    expect(slot).toContain("This unit has no special abilities.");
    expect(slot).not.toContain('data-testid="upgrade-chain"');
    expect(slot).toContain("No other faction has a unit of this tier.");
    expect(slot).toContain('data-testid="portrait-initial"');
  });

  it("hostile unit text is painted as text: no element, script or comment comes from it (200)", async () => {
    const { slot } = await slotOf(`/units/${ids.hostileUnit}`);
    expectNoMarkupFrom(slot!);
    expect(slot).toContain(`<li>Ability ${ESCAPED}</li>`);
  });

  it("unknown, inactive and malformed ids get the 404 page with 'Unit Not Found' painted; Authorization gets an empty slot (200)", async () => {
    for (const id of ["999999", String(ids.hidden), "abc"]) {
      const { slot } = await slotOf(`/units/${id}`, 404);
      expect(slot, id).toContain(missingItemHeading("Unit Not Found"));
    }
    const { token } = await userWithToken(["User"]);
    const res = await call(`/units/${ids.unit}`, { token });
    expect(res.status).toBe(200);
    expect(paintedSlot(await res.text())).toBeNull();
  });
});

describe("GET /heroes/{id}: the hero painted into the page slot", () => {
  it("paints the header (rarity stars, title, faction), starting stats, specialty, skills, spells linked to the spell book and biography (200)", async () => {
    const { slot } = await slotOf(`/heroes/${ids.hero}`);
    expect(slot).toContain(`<h1 class="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${names.hero}</h1>`);
    expect(slot).toContain('<span aria-hidden="true" class="mr-1 tracking-tighter">★★★☆</span>Rarity 3 of 4</span>');
    expect(slot).toContain('<p class="mt-1 text-lg text-ink-muted italic">the Tester</p>');
    expect(slot).toContain("Starting stats</h2>");
    expect(slot).toContain("Specialty: Archery</h2>");
    expect(slot).toContain("<li>Offense</li>");
    expect(slot).toContain(`<a href="/spells/${ids.spell}" class="font-medium text-brand-700 hover:underline dark:text-brand-400">${names.spell}</a> <span class="text-sm text-ink-muted">(Fire, level 2)</span>`);
    expect(slot).toContain("<li>Unknown Spell</li>");
    expect(slot).toContain("Born in a test.</p>");
  });

  it("hostile hero text is painted as text (200)", async () => {
    const { slot } = await slotOf(`/heroes/${ids.hostileHero}`);
    expectNoMarkupFrom(slot!);
    expect(slot).toContain(`<li>Skill ${ESCAPED}</li>`);
  });

  it("an unknown hero gets the 404 page with 'Hero Not Found' painted", async () => {
    expect((await slotOf("/heroes/999999", 404)).slot).toContain(missingItemHeading("Hero Not Found"));
  });
});

describe("GET /spells/{id}: the spell painted into the page slot", () => {
  it("paints the breadcrumb to the spell book, badges, name, description, numbers, effects and the factions teaching it (200)", async () => {
    const { slot } = await slotOf(`/spells/${ids.spell}`);
    expect(slot).toContain('<a href="/spells" class="rounded hover:text-brand-700');
    expect(slot).toContain(">Level 2</span>");
    expect(slot).toContain(`<h1 class="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${names.spell}</h1>`);
    expect(slot).toContain('<dt class="text-xs text-ink-muted">Mana cost</dt><dd class="font-semibold text-ink">9</dd>');
    expect(slot).toContain('<li><span class="text-ink-muted">Kind:</span> damage</li>');
    expect(slot).toContain(`<a href="/factions/${ids.faction}" class="inline-block py-0.5 text-brand-700 hover:underline dark:text-brand-400">${names.faction}</a>`);
  });

  it("hostile spell text is painted as text (200)", async () => {
    const { slot } = await slotOf(`/spells/${ids.hostileSpell}`);
    expectNoMarkupFrom(slot!);
    expect(slot).toContain("No faction’s mage guild teaches this spell.");
  });

  it("unknown and inactive spells get the 404 page with 'Spell Not Found' painted", async () => {
    for (const id of ["999999", String(ids.hiddenSpell)]) expect((await slotOf(`/spells/${id}`, 404)).slot, id).toContain(missingItemHeading("Spell Not Found"));
  });
});

describe("GET /screenshots: the gallery painted into the page slot", () => {
  const gallery = { category: 0, categoryName: "", empty: 0, hostileTitle: "", plainTitle: "" };
  beforeAll(async () => {
    gallery.categoryName = unique("Painted Art");
    const slug = unique("painted-art").replace(/[^a-z0-9]+/g, "-");
    gallery.category = (await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES (?1, ?2, '#A855F7') RETURNING id")
      .bind(gallery.categoryName, slug)
      .first<{ id: number }>())!.id;
    gallery.empty = (await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES (?1, ?2, '#10B981') RETURNING id")
      .bind(unique("Empty"), `${slug}-empty`)
      .first<{ id: number }>())!.id;
    gallery.plainTitle = unique("Painted shot");
    gallery.hostileTitle = `Shot ${HOSTILE}`;
    for (const [title, approved] of [[gallery.plainTitle, 1], [gallery.hostileTitle, 1], [unique("Pending shot"), 0]] as const) {
      await env.DB.prepare(
        `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_key, large_key, thumbnail_key, thumbnail_webp_key, width, height, view_count)
         VALUES (?1, ?2, 'image', ?3, ?4, 'media/q/original.jpg', 'media/q/large.jpg', 'media/q/thumb.jpg', 'media/q/thumb.webp', 1600, 900, 1234)`,
      )
        .bind(title, `About ${title}`, gallery.category, approved)
        .run();
    }
  });

  it("paints the heading, Filters button, filter bar with the URL's category pressed, the Showing line and the cards, the first thumbnail high priority (200)", async () => {
    const { slot } = await slotOf(`/screenshots?categoryId=${gallery.category}`);
    expect(slot).toContain('<h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Gallery</h1>');
    expect(slot).toContain('aria-label="Filters (1 active)"');
    expect(slot).toContain('<button type="button" disabled aria-pressed="false" class="inline-flex min-h-10');
    expect(slot).toMatch(new RegExp(`aria-pressed="true"[^>]*><span aria-hidden="true" class="h-2.5 w-2.5 rounded-full ring-1 ring-black/10" style="background-color:#A855F7"></span>${gallery.categoryName}</button>`));
    expect(slot).toContain(`Showing: <span class="font-medium text-ink">${gallery.categoryName}</span>`);
    expect(slot).toContain('<p class="sr-only" aria-live="polite">2 media items</p>');
    const images = [...slot!.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('src="/files/media/q/thumb.jpg"');
    expect(images[0]).toContain('width="400" height="225" loading="eager" fetchpriority="high" decoding="async"');
    expect(images[1]).toContain('loading="lazy" decoding="async"');
    expect(slot).toContain('<source type="image/webp" srcset="/files/media/q/thumb.webp">');
    expect(slot).toContain(`>${gallery.plainTitle}</button></h2>`);
    expect(slot).toContain("1,234 views</span>");
    expect(slot).not.toContain("Pending shot");
  });

  it("hostile media text is painted as text (200)", async () => {
    const { slot } = await slotOf(`/screenshots?categoryId=${gallery.category}`);
    expectNoMarkupFrom(slot!);
  });

  it("a filter with no media, and a request with Authorization, get an empty slot (200)", async () => {
    expect((await slotOf(`/screenshots?categoryId=${gallery.empty}`)).slot).toBeNull();
    const { token } = await userWithToken(["User"]);
    const res = await call("/screenshots", { token });
    expect(res.status).toBe(200);
    expect(paintedSlot(await res.text())).toBeNull();
  });
});

describe("GET /forum: the forum's fixed first view painted into the page slot", () => {
  it("paints the heading, the intro, the five guidelines and the Discussion heading; the slot is no longer busy (200)", async () => {
    const { html, slot } = await slotOf("/forum");
    expect(slot).not.toBeNull();
    expect(html).toContain('<div data-page-slot="">');
    expect(slot).toContain('<h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Community Forum</h1>');
    expect(slot).toContain("Talk strategy, share your favourite factions and meet other players.");
    for (const rule of ["Be respectful", "Stay on topic", "No spam", "Use appropriate language", "Search before posting"]) expect(slot).toContain(`</svg>${rule}</li>`);
    expect(slot).toContain('<h2 id="discussion-heading" class="font-display text-2xl font-bold text-ink">Discussion</h2>');
  });

  it("a request with Authorization gets an empty slot (200)", async () => {
    const { token } = await userWithToken(["User"]);
    const res = await call("/forum", { token });
    expect(res.status).toBe(200);
    expect(paintedSlot(await res.text())).toBeNull();
  });
});
