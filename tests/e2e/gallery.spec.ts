import { expect, test, type Page } from "@playwright/test";

/** The seeded gallery: 24 demo images, every fourth pending (18 approved), five categories. */

/** How many cards the first gallery page shows (other journeys may add approved items). */
async function firstPageCount(page: Page): Promise<number> {
  const res = await page.request.get("/api/media?approvedOnly=true&pageSize=20");
  return ((await res.json()) as { items: unknown[] }).items.length;
}

const cards = (page: Page) => page.locator("main article");
const cardButtons = (page: Page) => page.locator("main article h2 button");

test.describe("gallery as a guest", () => {
  test("desktop: filters by category and type through the URL; the empty filtered text; Clear resets", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const count = await firstPageCount(page);
    await page.goto("/screenshots");
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await expect(cards(page)).toHaveCount(count);

    const categories = page.getByRole("group", { name: "Category" });
    await categories.getByRole("button", { name: "Maps" }).click();
    await expect(page).toHaveURL(/\/screenshots\?categoryId=\d+$/);
    await expect(categories.getByRole("button", { name: "Maps" })).toHaveAttribute("aria-pressed", "true");
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).filter({ hasNotText: "Maps" })).toHaveCount(0);
    await expect(page.getByText("Showing:")).toContainText("Maps");

    await page.getByRole("group", { name: "Media type" }).getByRole("button", { name: "Videos" }).click();
    await expect(page).toHaveURL(/mediaType=video/);
    await expect(page.getByRole("heading", { name: "No Media Found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters to see more content.")).toBeVisible();

    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/screenshots$/);
    await expect(cards(page)).toHaveCount(count);
  });

  test("phone: the Filters button opens a bottom sheet; choosing closes it and counts the filter", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const count = await firstPageCount(page);
    await page.goto("/screenshots");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Category" })).toBeHidden();

    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect(sheet).toBeVisible();
    // A bottom sheet: its lower edge meets the bottom of the screen once it has slid in.
    await expect.poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.y + box.height) : null;
    }).toBe(844);
    await sheet.getByRole("button", { name: "Concept Art" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/categoryId=\d+/);
    await expect(page.getByRole("button", { name: /Filters \(1 active\)/ })).toBeVisible();
    await expect(cards(page).filter({ hasNotText: "Concept Art" })).toHaveCount(0);

    await page.getByRole("button", { name: /Filters/ }).click();
    await page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Clear All Filters" }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
    await expect(page).toHaveURL(/\/screenshots$/);
    await expect(cards(page)).toHaveCount(count);
  });

  test("the lightbox opens on a card, moves with the arrow keys, closes with Escape and gives focus back", async ({ page }) => {
    const n = await firstPageCount(page);
    await page.goto("/screenshots");
    await expect(cardButtons(page)).toHaveCount(n);
    const titles = await cardButtons(page).allTextContents();
    const viewed = page.waitForResponse((r) => /\/api\/media\/\d+\/view$/.test(r.url()) && r.request().method() === "POST");
    await cardButtons(page).nth(1).click();
    const lightbox = page.getByRole("dialog", { name: `${titles[1]} (2 of ${n})` });
    await expect(lightbox).toBeVisible();
    expect((await viewed).status()).toBe(200);
    // Page scroll is locked while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: `${titles[2]} (3 of ${n})` })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: `${titles[1]} (2 of ${n})` })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: `${titles[0]} (1 of ${n})` })).toBeVisible();
    // Not past the first item.
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: `${titles[0]} (1 of ${n})` })).toBeVisible();

    // Tab and Shift+Tab go round the lightbox's controls and never leave it (its keys keep working).
    const focusInLightbox = () => page.evaluate(() => Boolean(document.activeElement?.closest('[aria-modal="true"]')));
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInLightbox()).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInLightbox()).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(cardButtons(page).nth(1)).toBeFocused();
  });
});
