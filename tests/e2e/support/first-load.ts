import { expect, type Page } from "@playwright/test";

/**
 * Every public page the browser crawls check, once each: the accessibility crawl hydrates and
 * audits each of them as a guest in one load, and the hydration crawl opens them again as a
 * signed-in member. `status` is the document's, `heading` the settled page's h1. `member: false`
 * marks the pages that send a signed-in member elsewhere or are only for a visitor's links;
 * `reads` the /api requests a page makes by design once it runs (never for its first view).
 */
export const PUBLIC_PAGES: { path: string; status: number; heading: RegExp; member?: false; reads?: string[] }[] = [
  { path: "/", status: 200, heading: /^Welcome to Realm Codex$/ },
  { path: "/news", status: 200, heading: /^Latest News$/ },
  { path: "/news/1", status: 200, heading: /.+/ },
  { path: "/news/999999", status: 404, heading: /^Article Not Found$/ },
  { path: "/factions", status: 200, heading: /^Factions$/ },
  { path: "/factions/1", status: 200, heading: /.+/ },
  { path: "/game-info", status: 200, heading: /^Game Info$/ },
  // A category chosen (current pill) and the second page (Pagination).
  { path: "/game-info?category=Magic", status: 200, heading: /^Game Info$/ },
  { path: "/game-info?page=2", status: 200, heading: /^Game Info$/ },
  { path: "/game-info/schools-of-magic", status: 200, heading: /.+/ },
  { path: "/units/1", status: 200, heading: /.+/ },
  { path: "/units/999999", status: 404, heading: /^Unit Not Found$/ },
  { path: "/heroes/1", status: 200, heading: /.+/ },
  { path: "/spells", status: 200, heading: /^Spell Book$/ },
  { path: "/spells/1", status: 200, heading: /.+/ },
  { path: "/compare?units=1,2", status: 200, heading: /^Compare Units$/ },
  { path: "/screenshots", status: 200, heading: /^Gallery$/ },
  { path: "/forum", status: 200, heading: /^Community Forum$/ },
  { path: "/search?q=fire", status: 200, heading: /^Search$/ },
  // One type of results, several pages: the Pagination component.
  { path: "/search?q=the&type=unit", status: 200, heading: /^Search$/ },
  { path: "/login", status: 200, heading: /^Sign In$/, member: false },
  { path: "/register", status: 200, heading: /^Create Account$/, member: false },
  { path: "/forgot-password", status: 200, heading: /^Forgot Password$/ },
  // Links that are not valid (made-up tokens): the pages' failed states.
  // The reset page asks whether its link still works (a POST that spends nothing) once it runs.
  { path: `/reset-password?token=${"A".repeat(43)}`, status: 200, heading: /^Reset Password$/, member: false, reads: ["/api/auth/reset-password/check"] },
  { path: `/unlock?token=${"A".repeat(43)}`, status: 200, heading: /^Unlock Sign-In$/, member: false },
  { path: "/no/such/page", status: 404, heading: /^Page Not Found$/ },
];

/**
 * Watches a page's first load: React reports a hydration mismatch in production builds through
 * window.reportError (nothing reaches the console), then throws the server's HTML away and
 * renders it again; this records those reports, console errors, DevTools issues and the /api
 * requests. The CPU is slowed down 4× as on a mid-range phone until `fullSpeed()`.
 */
export async function watchFirstLoad(page: Page) {
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
  const fullSpeed = () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return { consoleErrors, api, browserIssues, fullSpeed };
}

export const reportedErrors = (page: Page) => page.evaluate(() => (window as unknown as { __reported: string[] }).__reported);

/**
 * Opens a public page and checks its first load: the status, the content in the HTML before any
 * script runs, the app hydrating it with no mismatch, console error or browser issue, and no /api
 * request for its data (a member's session is confirmed once per load with /api/auth/me).
 */
export async function expectHydratedFirstLoad(page: Page, watched: Awaited<ReturnType<typeof watchFirstLoad>>, target: (typeof PUBLIC_PAGES)[number]) {
  const { path, status, heading, reads = [] } = target;
  watched.api.length = 0;
  watched.consoleErrors.length = 0;
  watched.browserIssues.length = 0;
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  expect(await response!.text(), path).toContain('<main id="main-content"');
  await expect(page.locator("html[data-app]"), path).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
  await page.waitForLoadState("networkidle");
  expect(await reportedErrors(page), path).toEqual([]);
  expect(watched.consoleErrors, path).toEqual([]);
  expect(watched.browserIssues, path).toEqual([]);
  expect(watched.api.filter((url) => url !== "/api/auth/me"), path).toEqual(reads);
}
