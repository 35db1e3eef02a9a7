import { expect, test, type Page } from "@playwright/test";
import { apiLogin } from "./support/session";

/**
 * Every public page type is rendered by React on the Worker and hydrated in the browser. React
 * reports a hydration mismatch in production builds through window.reportError (nothing reaches
 * the console), then throws the server's HTML away and renders it again; these tests record those
 * reports, console errors, DevTools issues and the /api requests of the first load. The reader is in New York
 * (the Worker renders dates in UTC) and the CPU is slowed down 4× as on a mid-range phone.
 */
async function watchFirstLoad(page: Page) {
  await page.addInitScript(() => {
    const reported: string[] = [];
    (window as unknown as { __reported: string[] }).__reported = reported;
    window.reportError = (error: unknown) => void reported.push(String((error as Error)?.message ?? error));
    addEventListener("error", (event) => reported.push(event.message));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // DevTools' issues (CSP violations, deprecated or blocked features): Lighthouse's Best Practices fail on any.
  const browserIssues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => browserIssues.push(`${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`));
  await cdp.send("Audits.enable");
  const consoleErrors: string[] = [];
  // The document's own 404 status (a missing item's page) is logged by Chromium as a failed load: not the app's.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 404")) consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  const api: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) api.push(`${url.pathname}${url.search}`);
  });
  return { consoleErrors, api, browserIssues };
}

const reportedErrors = (page: Page) => page.evaluate(() => (window as unknown as { __reported: string[] }).__reported);

/** One URL of every public page type, with the heading its first view shows. */
const PAGE_TYPES: [path: string, status: number, heading: RegExp][] = [
  ["/", 200, /^Welcome to Realm Codex$/],
  ["/news", 200, /^Latest News$/],
  ["/news/1", 200, /.+/],
  ["/news/999999", 404, /^Article Not Found$/],
  ["/factions", 200, /^Factions$/],
  ["/game-info", 200, /^Game Info$/],
  ["/factions/1", 200, /.+/],
  ["/game-info/schools-of-magic", 200, /.+/],
  ["/units/1", 200, /.+/],
  ["/heroes/1", 200, /.+/],
  ["/spells", 200, /^Spell Book$/],
  ["/spells/1", 200, /.+/],
  ["/compare?units=1,2", 200, /^Compare Units$/],
  ["/screenshots", 200, /^Gallery$/],
  ["/forum", 200, /^Community Forum$/],
  ["/search?q=dragon", 200, /^Search$/],
  ["/login", 200, /^Sign In$/],
  ["/register", 200, /^Create Account$/],
  ["/forgot-password", 200, /^Forgot Password$/],
  ["/no/such/page", 404, /^Page Not Found$/],
];

test.describe("hydration of every public page type", () => {
  test.use({ timezoneId: "America/New_York" });

  for (const reader of ["a guest", "a signed-in member"] as const) {
    test(`${reader}: each page type hydrates the Worker's HTML with no mismatch, no console error or browser issue and no /api request for its data`, async ({ page }) => {
      test.setTimeout(120_000);
      if (reader === "a signed-in member") {
        const { token, user } = await apiLogin(page.request, "user@example.com");
        await page.addInitScript(([t, u]) => {
          localStorage.setItem("authToken", t);
          localStorage.setItem("authUser", u);
        }, [token, JSON.stringify(user)] as const);
      }
      const watched = await watchFirstLoad(page);
      // A signed-in member is sent on from the sign-in and sign-up pages.
      const pages = reader === "a guest" ? PAGE_TYPES : PAGE_TYPES.filter(([path]) => path !== "/login" && path !== "/register");
      for (const [path, status, heading] of pages) {
        watched.api.length = 0;
        watched.consoleErrors.length = 0;
        watched.browserIssues.length = 0;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(status);
        // The content is in the HTML before any script runs...
        expect(await response!.text(), path).toContain('<main id="main-content"');
        // ...and the app hydrates it.
        await expect(page.locator("html[data-app]"), path).toHaveCount(1);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
        await page.waitForLoadState("networkidle");
        expect(await reportedErrors(page), path).toEqual([]);
        expect(watched.consoleErrors, path).toEqual([]);
        expect(watched.browserIssues, path).toEqual([]);
        // A member's session is confirmed with the server once per load; the page's data comes from the HTML.
        expect(watched.api.filter((url) => url !== "/api/auth/me"), path).toEqual([]);
      }
    });
  }
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
