import { expect, test, type Page } from "@playwright/test";

/** A page painted by the Worker: how to get its URL, and the elements whose boxes must not move. */
export type PaintedCase = { name: string; path: (page: Page) => Promise<string>; selectors: string[] };

/** Boxes (rounded) of the first element of each selector, or null where there is none. */
async function contentGeometry(page: Page, selectors: string[]) {
  const boxes: Record<string, number[] | null> = {};
  for (const selector of selectors) {
    const box = await page.locator(selector).first().boundingBox();
    boxes[selector] = box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
  }
  return boxes;
}

/**
 * For each case, at a phone and a desktop width: with JavaScript off the painted elements are
 * there; with it on, once the app has replaced the painted slot, they have the same boxes
 * (docs/decisions/0019-content-before-javascript.md).
 */
export function paintedGeometryTests(cases: PaintedCase[]) {
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
}
