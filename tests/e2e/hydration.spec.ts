import { expect, test } from "@playwright/test";
import { expectHydratedFirstLoad, PUBLIC_PAGES, reportedErrors, watchFirstLoad } from "./support/first-load";
import { apiLogin } from "./support/session";

/**
 * Every public page type is rendered by React on the Worker and hydrated in the browser. A guest's
 * first load of each is checked in the accessibility crawl, in the same load as its audit
 * (accessibility.spec.ts); here a signed-in member opens them, whose session the app restores
 * while it hydrates the guest's HTML. The reader is in New York (the Worker renders dates in UTC)
 * and the CPU is slowed down 4× as on a mid-range phone (support/first-load.ts).
 */
test.describe("hydration of every public page type", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a signed-in member: each page type hydrates the Worker's HTML with no mismatch, no console error or browser issue and no /api request for its data", async ({ page }) => {
    test.setTimeout(120_000);
    const { token, user } = await apiLogin(page.request, "user@example.com");
    await page.addInitScript(([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("authUser", u);
    }, [token, JSON.stringify(user)] as const);
    const watched = await watchFirstLoad(page);
    for (const target of PUBLIC_PAGES.filter((p) => p.member !== false)) await expectHydratedFirstLoad(page, watched, target);
  });
});

test("after hydration the header marks the current page on the same link elements it had in the HTML", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await watchFirstLoad(page);
  await page.addInitScript(() => {
    // The prerendered links, kept from the moment the document is parsed.
    addEventListener("DOMContentLoaded", () => {
      (window as unknown as { __links: Element[] }).__links = [...document.querySelectorAll('nav[aria-label="Main"] a')];
    });
  });
  await page.goto("/factions", { waitUntil: "networkidle" });
  const current = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Factions" });
  await expect(current).toHaveAttribute("aria-current", "page");
  const same = await page.evaluate(() => {
    const before = (window as unknown as { __links: Element[] }).__links;
    const after = [...document.querySelectorAll('nav[aria-label="Main"] a')];
    return before.length > 0 && before.length === after.length && before.every((a, i) => a === after[i] && a.isConnected);
  });
  expect(same).toBe(true);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  expect(await reportedErrors(page)).toEqual([]);
});

test("text typed into the header's search box before the app takes over is kept, and Enter searches for it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The app's code waits until the reader has typed, so the typing happens on the Worker's HTML.
  let typed!: () => void;
  const done = new Promise<void>((resolve) => (typed = resolve));
  await page.route("**/assets/libraries-*.js", async (route) => {
    await done;
    await route.continue();
  });
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
  await box.fill("dragon");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app"))).toBe(false);
  typed();
  await expect(page.locator("html[data-app]")).toHaveCount(1);
  // Rendered again by the app (the session and settings arrive): still the reader's text.
  await expect(box).toHaveValue("dragon");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=dragon$/);
});

test("buttons pressed before the app runs are all given to the app, in order, once it has hydrated", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/units/1");
  const toggles = page.getByTestId("same-tier").getByTestId("compare-toggle");
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app"))).toBe(false);
  release();
  await expect(page.locator("html[data-app]")).toHaveCount(1);
  await expect(toggles.nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(toggles.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("compare-tray")).toContainText("Compare (2/4)");
});
