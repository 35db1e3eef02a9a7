import { expect, test, type Page } from "@playwright/test";

/** The app has taken over the page (RootLayout sets html[data-app] once it runs). */
async function appRunning(page: Page) {
  await page.locator("html[data-app]").waitFor({ state: "attached" });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe("scroll position between pages", () => {
  test.use({ viewport: { width: 412, height: 600 } });

  test("a new page opens at its top, and Back returns to where the reader was on the list", async ({ page }) => {
    await page.goto("/news");
    await appRunning(page);
    const link = page.locator('main a[href^="/news/"]').nth(3);
    await link.scrollIntoViewIfNeeded();
    const listPosition = await scrollY(page);
    expect(listPosition).toBeGreaterThan(0);

    await link.click();
    await expect(page).toHaveURL(/\/news\/\d+$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/news$/);
    // Cards far off screen are sized by an estimate until rendered (content-visibility); the browser's
    // scroll anchoring then corrects the position by the difference, so allow a few pixels.
    await expect.poll(async () => Math.abs((await scrollY(page)) - listPosition)).toBeLessThanOrEqual(24);
    await expect(link).toBeInViewport();
  });
});

test.describe("a page whose code is still on its way", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the previous page stays with a progress bar until the next page's module arrives", async ({ page }) => {
    await page.goto("/");
    await appRunning(page);
    const homeHeading = await page.getByRole("main").getByRole("heading", { level: 1 }).textContent();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/forum-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole("banner").getByRole("link", { name: "Forum" }).click();
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(homeHeading!);

    release();
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);
  });

  test("a page whose module fails to load shows the error page with the reload advice, inside the shell", async ({ page }) => {
    await page.goto("/");
    await appRunning(page);
    await page.route(/\/assets\/forum-[\w-]+\.js$/, (route) => route.abort());

    await page.getByRole("banner").getByRole("link", { name: "Forum" }).click();
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("A new version of the site is available. Reload the page to continue.");
    await expect(page.getByRole("main").getByRole("button", { name: "Reload Page" })).toBeVisible();
    // The shell stays, and its links lead away from the error.
    await page.getByRole("banner").getByRole("link", { name: "News" }).click();
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
  });
});

test("a link focused in the server-rendered page before the app ran still has the focus after hydration", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the app's entry so the reader acts on the Worker's HTML first.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/news/1");
  await expect(page.locator("html[data-app]")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "More News" }).focus();

  release();
  await page.locator("html[data-app]").waitFor({ state: "attached" });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active instanceof HTMLAnchorElement ? `${active.getAttribute("href")} ${active.textContent}` : active?.tagName;
      }),
    )
    .toBe("/news More News");
});
