import { expect, type Page } from "@playwright/test";
import { compareSearch } from "../../../shared/game";
import { PAGE_TABLE } from "../../../shared/page-table";
import { paths, queryString, samplePath } from "../../../shared/paths";

/** What a crawl expects of one load: the document's status, the settled page's h1, and more. */
type FirstLoadCheck = {
  status?: number;
  heading: RegExp;
  /** false: a page that sends a signed-in member elsewhere or is only for a visitor's links. */
  member?: false;
  /** The /api requests the page makes by design once it runs (never for its first view). */
  reads?: string[];
};

type GuestPage = Exclude<(typeof PAGE_TABLE)[number], { guest: false }>["name"];

/**
 * The checks of each guest page of the page table (shared/page-table.ts), by name: the page's
 * load at its sample URL (with `search` when the page shows its content for a query) and `more`
 * URLs of the same page in other states. Every guest page needs an entry (the type requires one).
 */
const GUEST_CHECKS: { readonly [N in GuestPage]: FirstLoadCheck & { search?: string; more?: (FirstLoadCheck & { path: string })[] } } = {
  home: { heading: /^Welcome to Realm Codex$/ },
  news: { heading: /^Latest News$/ },
  newsArticle: { heading: /.+/, more: [{ path: paths.newsArticle(999999), status: 404, heading: /^Article Not Found$/ }] },
  factions: { heading: /^Factions$/ },
  faction: { heading: /.+/ },
  gameInfo: {
    heading: /^Game Info$/,
    // A category chosen (current pill) and the second page (Pagination).
    more: [
      { path: paths.gameInfo({ category: "Magic" }), heading: /^Game Info$/ },
      { path: paths.gameInfo({ page: 2 }), heading: /^Game Info$/ },
    ],
  },
  gameInfoArticle: { heading: /.+/ },
  unit: { heading: /.+/, more: [{ path: paths.unit(999999), status: 404, heading: /^Unit Not Found$/ }] },
  hero: { heading: /.+/ },
  spells: { heading: /^Spell Book$/ },
  spell: { heading: /.+/ },
  compare: { search: compareSearch([1, 2]), heading: /^Compare Units$/ },
  screenshots: { heading: /^Gallery$/ },
  forum: { heading: /^Community Forum$/ },
  search: {
    search: "q=fire",
    heading: /^Search$/,
    // One type of results, several pages: the Pagination component.
    more: [{ path: paths.search({ q: "the", type: "unit" }), heading: /^Search$/ }],
  },
  login: { heading: /^Sign In$/, member: false },
  register: { heading: /^Create Account$/, member: false },
  forgotPassword: { heading: /^Forgot Password$/ },
  // Links that are not valid (made-up tokens): the pages' failed states.
  verifyEmail: { search: `token=${"A".repeat(43)}`, heading: /^Confirm Your E-mail$/, member: false },
  // The reset page asks whether its link still works (a POST that spends nothing) once it runs.
  resetPassword: { search: `token=${"A".repeat(43)}`, heading: /^Reset Password$/, member: false, reads: ["/api/auth/reset-password/check"] },
  unlock: { search: `token=${"A".repeat(43)}`, heading: /^Unlock Sign-In$/, member: false },
  notFound: { status: 404, heading: /^Page Not Found$/ },
};

/**
 * Every public page the browser crawls check, once each: every guest page of the page table at
 * its sample URL, and the other states above. The accessibility crawl hydrates and audits each
 * of them as a guest in one load, and the hydration crawl opens them again as a signed-in member.
 */
export const PUBLIC_PAGES: { path: string; status: number; heading: RegExp; member?: false; reads?: string[] }[] = PAGE_TABLE.flatMap(
  (entry) => {
    if ("guest" in entry) return [];
    const { search, more = [], status = 200, ...check } = GUEST_CHECKS[entry.name];
    return [{ path: `${samplePath(entry)}${queryString(search)}`, status, ...check }, ...more.map(({ status = 200, ...other }) => ({ status, ...other }))];
  },
);

/** The signed-in pages (profile, every admin page) at their sample URLs: the accessibility crawl audits each. */
export const MEMBER_PAGES: string[] = PAGE_TABLE.filter((entry) => "guest" in entry).map(samplePath);

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
