import { expect, test, type Page } from "@playwright/test";
import { paintedGeometryTests, type PaintedCase } from "./support/painted";

type Paged<T> = { items: T[] };

/** The seeded site's first faction (the demo data has several, with logos and backgrounds). */
async function firstFaction(page: Page) {
  const res = await page.request.get("/api/faction");
  expect(res.status()).toBe(200);
  const faction = ((await res.json()) as Paged<{ id: number }>).items[0];
  expect(faction, "the seeded site has a faction").toBeTruthy();
  return faction!;
}

/** A published game-info article of the seeded site (the featured guides). */
async function featuredGuide(page: Page) {
  const res = await page.request.get("/api/gameinfo/featured");
  expect(res.status()).toBe(200);
  const article = ((await res.json()) as Paged<{ slug: string }>).items[0];
  expect(article, "the seeded site has a featured guide").toBeTruthy();
  return article!;
}

test.describe("game pages: content painted by the Worker before JavaScript", () => {
  const cases: PaintedCase[] = [
    { name: "/factions", path: async () => "/factions", selectors: ["main h1", "main ul > li:last-child article", "main article h2", "main article [data-alignment]", "main article dl"] },
    {
      name: "/game-info",
      path: async () => "/game-info",
      selectors: ["main h1", '[aria-labelledby="featured-heading"] article', "#factions-heading", '[aria-labelledby="factions-heading"] li:last-child article', '[aria-labelledby="factions-heading"] article h2'],
    },
    {
      name: "/factions/{id}",
      path: async (page: Page) => `/factions/${(await firstFaction(page)).id}`,
      selectors: ["main h1", 'main nav[aria-label="Breadcrumb"]', "main header img", "main header dl", '[role="tablist"]', "#spells-heading", '[role="tabpanel"] h2'],
    },
    {
      name: "/factions/{id}?tab=units",
      path: async (page: Page) => `/factions/${(await firstFaction(page)).id}?tab=units`,
      selectors: ["main h1", "main header img", '[role="tab"][aria-selected="true"]'],
    },
    {
      name: "/game-info/{slug}",
      path: async (page: Page) => `/game-info/${(await featuredGuide(page)).slug}`,
      selectors: ["main h1", 'main nav[aria-label="Breadcrumb"]', "main article header > p", "main time", '[data-testid="gameinfo-content"]', 'main a[href="/game-info"].inline-flex', "#related-heading", 'section[aria-labelledby="related-heading"] li:last-child article'],
    },
    {
      name: "/spells",
      path: async () => "/spells",
      selectors: ["main h1", 'main [aria-label="Filter spells"]', "#spell-target", '[data-testid="spell-count"]', '[data-testid="spell-list"] li:nth-child(2) article', '[data-testid="spell-list"] article dl'],
    },
    {
      name: "/spells?school=Fire&level=2",
      path: async () => "/spells?school=Fire&level=2",
      selectors: ["main h1", 'main [aria-label="Filter spells"] button', '[data-testid="spell-list"] article h2', '[data-testid="spell-list"] article dl'],
    },
  ];
  paintedGeometryTests(cases);
});

test.describe("long lists render about a screenful at first", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const javaScriptEnabled of [false, true]) {
    test(`/spells ${javaScriptEnabled ? "in the app" : "as painted"}: a card far below the fold is not rendered until the reader scrolls near it`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto("/spells");
      // In the app: once its page component has replaced the painted slot (data-app alone can come first).
      if (javaScriptEnabled) await expect(page.locator("[data-page-slot]")).toHaveCount(0);
      const title = page.locator('[data-testid="spell-list"] > li:last-child article h2');
      const rendered = () => title.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
      expect(await rendered()).toBe(false);
      await title.scrollIntoViewIfNeeded();
      await expect.poll(rendered).toBe(true);
      await context.close();
    });
  }
});

test.describe("the faction banner on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });

  test("/factions/{id}: the painted banner and the app's show the same resized copy (960 px for 760 device pixels), never the 1600-pixel original", async ({ page }) => {
    const faction = await firstFaction(page);
    const banners: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (req.resourceType() === "image" && url.pathname.includes("/background-")) banners.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`/factions/${faction.id}`);
    const banner = page.locator("main header img").first();
    const shown = () => banner.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).search : null));
    await expect.poll(shown).toBe("?w=960");
    await expect(page.locator("[data-page-slot]")).toHaveCount(0);
    await expect.poll(shown).toBe("?w=960");
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.filter((u) => !u.endsWith("?w=960"))).toEqual([]);
  });
});
