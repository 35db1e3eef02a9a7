/**
 * The wiki and gallery pages painted by the Worker: with JavaScript off their first view is in
 * the HTML, and once the app has taken over, its elements sit exactly where the painted ones were
 * (at a phone's and a laptop's width).
 */
import { expect, test, type Page } from "@playwright/test";

/** The id of the first item a guest can see in a game list (e.g. "/api/unit?pageSize=1"). */
async function firstId(page: Page, listPath: string) {
  const res = await page.request.get(listPath);
  expect(res.status(), listPath).toBe(200);
  const item = ((await res.json()) as { items: { id: number }[] }).items[0];
  expect(item, `the seeded site has an item in ${listPath}`).toBeTruthy();
  return item!.id;
}

/** Boxes of the first element of each selector, rounded to whole pixels. */
async function contentGeometry(page: Page, selectors: string[]) {
  const boxes: Record<string, number[] | null> = {};
  for (const selector of selectors) {
    const box = await page.locator(selector).first().boundingBox();
    boxes[selector] = box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
  }
  return boxes;
}

test.describe("wiki and gallery content painted by the Worker before JavaScript", () => {
  const cases = [
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
  ];
  for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
    for (const { name, path, selectors } of cases) {
      test(`${name} at ${viewport.width} px: without JavaScript the content is there, and the app renders it in the same place`, async ({ browser, page }) => {
        const url = await path(page);
        const context = await browser.newContext({ javaScriptEnabled: false, viewport });
        const painted = await context.newPage();
        await painted.goto(url);
        await expect(painted.locator("main h1")).toBeVisible();
        const before = await contentGeometry(painted, selectors);
        await context.close();
        for (const [selector, box] of Object.entries(before)) expect(box, `${selector} is painted`).not.toBeNull();

        await page.setViewportSize(viewport);
        await page.goto(url);
        // The app has taken over: its page component replaced the painted slot.
        await expect(page.locator("[data-page-slot]")).toHaveCount(0);
        expect(await contentGeometry(page, selectors)).toEqual(before);
      });
    }
  }
});
