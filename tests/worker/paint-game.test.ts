import { beforeAll, describe, expect, it } from "vitest";
import { insertFaction, insertGameInfo, insertSpell, unique } from "./game-fixtures";
import { call, missingItemHeading, paintedSlot, userWithToken } from "./helpers";

const HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 & ' \"";
const ESCAPED = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#8232;&#8233; &amp; &#39; &quot;";

/** No element, script or comment comes from hostile text. */
function expectInert(slot: string) {
  expect(slot).toContain(ESCAPED);
  expect(slot).not.toContain("<script");
  expect(slot).not.toContain("<!--");
  expect(slot).not.toMatch(/[\u2028\u2029]/);
}

const ids = { faction: 0, hostile: 0, logo: 0, featured: 0 };
const names = { faction: unique("Painted Faction"), hostile: `${unique("Hostile")} ${HOSTILE}`, logo: unique("Logo Faction") };
const slugs = { featured: `painted-guide-${Date.now().toString(36)}`, article: `painted-article-${Date.now().toString(36)}`, draft: `painted-draft-${Date.now().toString(36)}` };

beforeAll(async () => {
  ids.faction = await insertFaction({
    name: names.faction,
    alignment: "Chaos",
    summary: "Painted summary.",
    background_url: "/files/factions/painted-background.jpg",
    starting_resources: "Gold 20000",
  });
  ids.hostile = await insertFaction({ name: names.hostile, summary: `Summary ${HOSTILE}` });
  ids.logo = await insertFaction({ name: names.logo, logo_url: "/files/factions/painted.png" });
  await insertSpell({ name: unique("Painted Fireball"), school: "Fire", level: 2, mana_cost: 9 }, [ids.faction]);
  await insertSpell({ name: `${unique("Hostile spell")} ${HOSTILE}`, school: "Dark" }, [ids.hostile]);
  await insertGameInfo({ title: "Painted article", slug: slugs.article });
  await insertGameInfo({ title: "Painted draft", slug: slugs.draft, is_published: 0, published_at: null });
  ids.featured = await insertGameInfo({ title: `Guide ${HOSTILE}`, slug: slugs.featured, summary: "Painted guide.", content: `Body ${HOSTILE}`, is_featured: 1 });
});

describe("painted first views of the game pages: /factions and /game-info", () => {
  it("GET /factions paints the heading and every faction's card (link, alignment badge, counts) into the page slot (200)", async () => {
    const res = await call("/factions");
    expect(res.status).toBe(200);
    const html = await res.text();
    const slot = paintedSlot(html)!;
    expect(slot).not.toBeNull();
    expect(html).not.toMatch(/<div aria-busy="true" data-page-slot/);
    expect(slot).toContain('<h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Factions</h1>');
    expect(slot).toContain("Choose a faction to see its units, heroes and spells.");
    expect(slot).toContain(`<a href="/factions/${ids.faction}" class="outline-none after:absolute after:inset-0 after:rounded-2xl">${names.faction}</a>`);
    expect(slot).toMatch(/<span data-alignment="Chaos" class="inline-flex [^"]*bg-red-100[^"]*">Chaos<\/span>/);
    expect(slot).toContain('<dt class="text-ink-muted">Units</dt><dd class="font-semibold text-ink">0</dd>');
    expect(slot).not.toContain("Featured Guides");
  });

  it("a faction logo is painted with its WebP twin and lazy loading; a faction without one gets its initial (200)", async () => {
    const slot = paintedSlot(await (await call("/factions")).text())!;
    expect(slot).toContain(
      '<picture><source type="image/webp" srcset="/files/factions/painted.webp"><img src="/files/factions/painted.png" alt="" width="64" height="64" loading="lazy" decoding="async" class="h-full w-full object-cover"></picture>',
    );
    expect(slot).toContain('data-testid="portrait-initial" style="width:64px;height:64px"');
  });

  it("hostile faction names and summaries are painted as text (200)", async () => {
    const slot = paintedSlot(await (await call("/factions")).text())!;
    expectInert(slot);
  });

  it("GET /game-info paints the featured guides above the factions, hostile titles as text (200)", async () => {
    const res = await call("/game-info");
    expect(res.status).toBe(200);
    const slot = paintedSlot(await res.text())!;
    expect(slot).toContain(">Game Info</h1>");
    expect(slot).toContain('<h2 id="featured-heading" class="mb-4 font-display text-2xl font-bold text-ink">Featured Guides</h2>');
    expect(slot).toContain(`<a href="/game-info/${slugs.featured}" class="outline-none after:absolute after:inset-0 after:rounded-xl">Guide ${ESCAPED}</a>`);
    expect(slot.indexOf("featured-heading")).toBeLessThan(slot.indexOf("factions-heading"));
    expect(slot).toContain(`href="/factions/${ids.faction}"`);
    expectInert(slot);
  });

  it("a request with Authorization gets an empty page slot (200)", async () => {
    const { token } = await userWithToken(["Moderator"]);
    for (const path of ["/factions", "/game-info"]) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      expect(paintedSlot(await res.text()), path).toBeNull();
    }
  });
});

describe("painted first views of the game pages: /factions/{id}", () => {
  it("GET /factions/{id} paints the breadcrumb, the banner with its high-priority background, the tabs and the Overview panel (200)", async () => {
    const res = await call(`/factions/${ids.faction}`);
    expect(res.status).toBe(200);
    const slot = paintedSlot(await res.text())!;
    expect(slot).toContain('<nav aria-label="Breadcrumb"');
    expect(slot).toContain(`<h1 class="font-display text-3xl font-bold tracking-tight sm:text-4xl">${names.faction}</h1>`);
    expect(slot).toContain(
      '<img src="/files/factions/painted-background.jpg" srcset="/files/factions/painted-background.jpg?w=640 640w, /files/factions/painted-background.jpg?w=960 960w, /files/factions/painted-background.jpg?w=1280 1280w, /files/factions/painted-background.jpg 1600w" sizes="(min-width: 72rem) 1120px, calc(100vw - 2rem)" alt="" width="1600" height="900" fetchpriority="high" decoding="async" class="absolute inset-0 h-full w-full object-cover">',
    );
    expect(slot).toContain('role="tab" id="faction-tab-overview" aria-selected="true"');
    expect(slot).toContain('role="tab" id="faction-tab-units" aria-selected="false"');
    expect(slot).toContain('<div role="tabpanel" id="faction-panel-overview"');
    expect(slot).toContain(`About the ${names.faction}</h2>`);
    expect(slot).toMatch(/<h3 id="school-Fire" class="font-semibold text-ink">Fire magic<\/h3>.*Level 2<\/span> · <a href="\/spells\/\d+"[^>]*>Painted Fireball/);
    expect(slot).toContain("<h2 class=\"font-semibold text-ink\">Starting Resources</h2>");
  });

  it("?tab=units paints the banner and the selected tab with an empty panel (filters and cards are the app's) (200)", async () => {
    const slot = paintedSlot(await (await call(`/factions/${ids.faction}?tab=units`)).text())!;
    expect(slot).toContain('role="tab" id="faction-tab-units" aria-selected="true"');
    expect(slot).toContain('id="faction-panel-units" aria-labelledby="faction-tab-units" tabindex="0" class="rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4"></div>');
  });

  it("hostile faction and spell names are painted as text (200)", async () => {
    const slot = paintedSlot(await (await call(`/factions/${ids.hostile}`)).text())!;
    expectInert(slot);
  });

  it("an unknown or malformed faction id is a 404 page with 'Faction Not Found' painted", async () => {
    for (const path of ["/factions/999999999", "/factions/abc"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(paintedSlot(await res.text()), path).toContain(missingItemHeading("Faction Not Found"));
    }
  });
});

describe("painted first views of the game pages: /game-info/{slug}", () => {
  it("GET /game-info/{slug} paints the breadcrumb, category, title, summary, byline with the date and the content (200)", async () => {
    const res = await call(`/game-info/${slugs.article}`);
    expect(res.status).toBe(200);
    const slot = paintedSlot(await res.text())!;
    expect(slot).toContain('<li aria-current="page" class="max-w-full truncate text-ink">Painted article</li>');
    expect(slot).toContain('<p class="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">Guides</p>');
    expect(slot).toContain('<h1 class="mt-2 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Painted article</h1>');
    expect(slot).toContain('<p class="mt-3 text-sm text-ink-muted">By Codex Team · <time datetime="2026-01-01T00:00:00.000Z">');
    expect(slot).toContain('<div data-testid="gameinfo-content" class="mt-8 text-lg leading-relaxed break-words whitespace-pre-line text-ink">Some content.\nSecond line.</div>');
    expect(slot).toContain(">← All Game Info</a>");
  });

  it("hostile article text is painted as text (200)", async () => {
    const slot = paintedSlot(await (await call(`/game-info/${slugs.featured}`)).text())!;
    expectInert(slot);
  });

  it("a draft, an unknown or a malformed slug is a 404 page with 'Article Not Found' painted, not the draft", async () => {
    for (const path of [`/game-info/${slugs.draft}`, "/game-info/no-such-guide-anywhere", "/game-info/Not%20A%20Slug"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      const slot = paintedSlot(await res.text());
      expect(slot, path).toContain(missingItemHeading("Article Not Found"));
      expect(slot, path).toContain('href="/game-info"');
    }
  });
});

describe("painted first views of the game pages: /spells", () => {
  it("GET /spells?school=… paints the heading, the filter bar with the URL's values and the matching spells' cards (200)", async () => {
    const res = await call("/spells?school=Fire&level=2");
    expect(res.status).toBe(200);
    const slot = paintedSlot(await res.text())!;
    expect(slot).toContain('<h1 class="mt-4 font-display text-3xl font-bold tracking-tight text-ink">Spell Book</h1>');
    expect(slot).toContain('<div role="search" aria-label="Filter spells" class="mt-6 flex flex-wrap items-end gap-3">');
    expect(slot).toContain('<option value="Fire" selected>Fire</option>');
    expect(slot).toContain('<option value="2" selected>Level 2</option>');
    expect(slot).toContain('<option value="" selected>All Types</option><option value="Combat">Combat</option>');
    expect(slot).toContain(">Clear Filters</button>");
    expect(slot).toMatch(/<a href="\/spells\/\d+" class="[^"]*">Painted Fireball [^<]*<\/a>/);
    expect(slot).toContain(`<a href="/factions/${ids.faction}" class="inline-block py-0.5 text-brand-700 hover:underline dark:text-brand-400">${names.faction}</a>`);
    expect(slot).toContain('<dt class="text-xs text-ink-muted">Mana cost</dt><dd class="font-semibold text-ink">9</dd>');
    expect(slot).toContain('<span class="text-ink-muted">Kind:</span> damage</li>');
    expect(slot).not.toContain("Dark</span>");
  });

  it("GET /spells without filters shows no Clear Filters button; hostile spell names are painted as text (200)", async () => {
    const slot = paintedSlot(await (await call("/spells")).text())!;
    expect(slot).not.toContain("Clear Filters");
    expect(slot).toContain('data-testid="spell-count"');
    expectInert(slot);
  });

  it("filters matching no spell paint the page without a list (200), and a request with Authorization gets an empty slot", async () => {
    const slot = paintedSlot(await (await call("/spells?school=Light&level=5&type=Global&target=Self")).text())!;
    expect(slot).toContain("Spell Book</h1>");
    expect(slot).not.toContain('data-testid="spell-list"');
    const { token } = await userWithToken(["User"]);
    expect(paintedSlot(await (await call("/spells", { token })).text())).toBeNull();
  });
});
