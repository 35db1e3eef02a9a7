/**
 * The wiki and gallery pages painted by the Worker: with JavaScript off their first view is in
 * the HTML, and once the app has taken over, its elements sit exactly where the painted ones were
 * (at a phone's and a laptop's width).
 */
import { expect, test, type Page } from "@playwright/test";
import { paintedGeometryTests, type PaintedCase } from "./support/painted";

/** The id of the first item a guest can see in a game list (e.g. "/api/unit?pageSize=1"). */
async function firstId(page: Page, listPath: string) {
  const res = await page.request.get(listPath);
  expect(res.status(), listPath).toBe(200);
  const item = ((await res.json()) as { items: { id: number }[] }).items[0];
  expect(item, `the seeded site has an item in ${listPath}`).toBeTruthy();
  return item!.id;
}

test.describe("wiki and gallery content painted by the Worker before JavaScript", () => {
  const cases: PaintedCase[] = [
    {
      name: "/units/{id}",
      path: async (page: Page) => `/units/${await firstId(page, "/api/unit?pageSize=1")}`,
      selectors: ["main h1", "main header img", '[data-testid="compare-toggle"]', '[data-testid="unit-stats"]', "#abilities-heading", "#same-tier-heading"],
    },
    {
      name: "/heroes/{id}",
      path: async (page: Page) => `/heroes/${await firstId(page, "/api/hero?pageSize=1")}`,
      selectors: ["main h1", "main header img", "#hero-stats", "#hero-specialty", "#hero-bio"],
    },
    {
      name: "/spells/{id}",
      path: async (page: Page) => `/spells/${await firstId(page, "/api/spell?pageSize=1")}`,
      selectors: ["main h1", 'main nav[aria-label="Breadcrumb"]', "main article dl", "main article p"],
    },
    {
      name: "/screenshots",
      path: async () => "/screenshots",
      selectors: ["main h1", 'main ul[aria-label="Media"] img', 'main ul[aria-label="Media"] h2', 'main ul[aria-label="Media"] li:nth-child(2)'],
    },
    {
      name: "/forum",
      path: async () => "/forum",
      selectors: ["main h1", "main header p", "#guidelines-heading", "main section li:nth-child(5)", "#discussion-heading"],
    },
  ];
  paintedGeometryTests(cases);
});

test.describe("sections below a phone's first screen render when the reader nears them", () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`/units/{id} ${javaScriptEnabled ? "in the app" : "as painted"}: the last of the other factions' units and the footer are skipped at first, rendered once scrolled near`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(`/units/${await firstId(page, "/api/unit?pageSize=1")}`);
      // In the app: once its page component has replaced the painted slot.
      if (javaScriptEnabled) await expect(page.locator("[data-page-slot]")).toHaveCount(0);
      const rendered = (selector: string) => () => page.locator(selector).evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
      // The stats start on the first screen: rendered at once.
      expect(await rendered('[data-testid="unit-stats"]')()).toBe(true);
      const far = ['[data-testid="same-tier"] > li:last-child a', 'footer nav[aria-label="Footer"]'];
      for (const selector of far) expect(await rendered(selector)(), selector).toBe(false);
      for (const selector of far) {
        await page.locator(selector).scrollIntoViewIfNeeded();
        await expect.poll(rendered(selector), selector).toBe(true);
      }
      await context.close();
    });
  }
});

test.describe("skipping off-screen content never cuts off a ring or a shadow", () => {
  // An element with content-visibility: auto clips what its contents draw outside its box, so a
  // descendant with a ring or a shadow (a keyboard focus ring included) must keep clear of its edges.
  const paths: { name: string; path(page: Page): Promise<string> }[] = [
    { name: "/", path: async () => "/" },
    { name: "/news", path: async () => "/news" },
    { name: "/units/{id}", path: async (page) => `/units/${await firstId(page, "/api/unit?pageSize=1")}` },
    { name: "/heroes/{id}", path: async (page) => `/heroes/${await firstId(page, "/api/hero?pageSize=1")}` },
    { name: "/spells", path: async () => "/spells" },
    { name: "/screenshots", path: async () => "/screenshots" },
    {
      name: "/game-info/{slug}",
      path: async (page) => {
        const res = await page.request.get("/api/gameinfo/featured");
        expect(res.status()).toBe(200);
        return `/game-info/${((await res.json()) as { items: { slug: string }[] }).items[0]!.slug}`;
      },
    },
  ];
  for (const { name, path } of paths) {
    test(`${name} at 412 px: no ring or shadow inside a skipped-until-near element touches its edges`, async ({ page }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await page.goto(await path(page));
      await expect(page.locator("[data-page-slot]")).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      const cut = await page.evaluate(() => {
        const drawsOutside = (el: Element) =>
          [...el.classList].some((c) => /^(?:[\w-]+:)*(?:ring|shadow)(?:-(?!none$|inset$)[\w/.[\]-]+)?$/.test(c));
        const found: string[] = [];
        for (const box of document.querySelectorAll("*")) {
          if (getComputedStyle(box).contentVisibility !== "auto") continue;
          const outer = box.getBoundingClientRect();
          for (const inner of box.querySelectorAll("*")) {
            if (!drawsOutside(inner)) continue;
            const r = inner.getBoundingClientRect();
            if (r.left - outer.left < 2 || outer.right - r.right < 2 || r.top - outer.top < 2 || outer.bottom - r.bottom < 2) {
              found.push(`${box.tagName.toLowerCase()}.${[...box.classList].slice(0, 3).join(".")} > ${inner.tagName.toLowerCase()}.${[...inner.classList].slice(0, 4).join(".")}`);
            }
          }
        }
        return found;
      });
      expect(cut).toEqual([]);
    });
  }
});
