import { expect, test, type Page } from "@playwright/test";

/**
 * React reports a hydration mismatch in production builds through window.reportError (nothing
 * reaches the console), then throws the prerendered shell away and renders it again. These tests
 * record those reports. The CPU is slowed down 4× as on a mid-range phone, where the page's lazy
 * module is most likely to arrive while React is still hydrating (hydration yields to the browser).
 */
async function recordReportedErrors(page: Page) {
  await page.addInitScript(() => {
    const reported: string[] = [];
    (window as unknown as { __reported: string[] }).__reported = reported;
    window.reportError = (error: unknown) => void reported.push(String((error as Error)?.message ?? error));
    addEventListener("error", (event) => reported.push(event.message));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const reportedErrors = (page: Page) => page.evaluate(() => (window as unknown as { __reported: string[] }).__reported);

for (const path of ["/", "/news", "/news/1", "/factions", "/spells"]) {
  test(`${path}: a guest's first load hydrates the prerendered shell with no reported error`, async ({ page }) => {
    await recordReportedErrors(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
    expect(await reportedErrors(page)).toEqual([]);
  });
}

test("after hydration the header marks the current page on the same link elements it had in the HTML", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await recordReportedErrors(page);
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
  // The app's code waits until the reader has typed, so the typing happens on the painted header.
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
