/**
 * WCAG 2.2 A/AA rules of axe-core on every page type, as a guest in the light and dark themes,
 * and on the signed-in pages (profile, every admin page) on a desktop and, in dark, on a phone
 * (360 px, the narrowest common one).
 * Lighthouse's accessibility score (npm run bench) covers the public pages only; this covers the
 * rest, states after the app has taken over, and open states (errors, a notification, the
 * mobile menu, dialogs). A violation names its rule and elements. The same pass checks that no
 * page scrolls sideways at its width (WCAG 1.4.10, reflow): a page wider than a phone's screen.
 * A guest's light desktop load of each public page is also its hydration check
 * (support/first-load.ts): one load per page for both, one list of pages for every crawl.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectHydratedFirstLoad, MEMBER_PAGES, PUBLIC_PAGES, watchFirstLoad } from "./support/first-load";
import { ADMIN, DEMO_PASSWORD, signIn } from "./support/session";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Opens `path` and waits until the app has hydrated the page and its reads are done. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: "networkidle" });
  await settled(page, path);
}

/** The app has hydrated the page and its reads are done. */
async function settled(page: Page, path: string) {
  await expect(page.locator("html[data-app]"), path).toHaveCount(1);
  await expect(page.locator("[data-page-slot]"), path).toHaveCount(0);
  await expect(page.locator("main [aria-busy='true']"), path).toHaveCount(0);
}

/** Scrolls down the page a screen at a time (a frame each) and back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    await frame();
  });
}

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

type Audit = {
  dark: boolean;
  width: number;
  signedIn: boolean;
  /** A public page whose first load is also checked for hydration, in the same load (support/first-load.ts). */
  firstLoad?: (typeof PUBLIC_PAGES)[number];
};

async function audit(browser: Browser, paths: string[], options: Audit) {
  const context = await browser.newContext({
    colorScheme: options.dark ? "dark" : "light",
    viewport: { width: options.width, height: 900 },
    // The Worker renders dates in UTC: a reader elsewhere must get the same first render.
    ...(options.firstLoad ? { timezoneId: "America/New_York" } : {}),
  });
  const page = await context.newPage();
  if (options.signedIn) await signIn(page, ADMIN);
  const watched = options.firstLoad ? await watchFirstLoad(page) : null;
  const found: Record<string, string[]> = {};
  const sideways = async (when: string) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    return wide > options.width ? [`scrolls sideways ${when}: ${wide} px wide at ${options.width} px`] : [];
  };
  for (const path of paths) {
    if (watched && options.firstLoad?.path === path) {
      await expectHydratedFirstLoad(page, watched, options.firstLoad);
      await watched.fullSpeed();
      await settled(page, path);
    } else {
      await open(page, path);
    }
    // As it first shows (cards far below are not laid out yet: content-visibility), then once the
    // reader has scrolled through it: every card laid out at its real size, which axe measures.
    const list = await sideways("as it opens");
    await scrollThrough(page);
    list.push(...(await sideways("once scrolled through")), ...(await violations(page)));
    if (list.length) found[path] = list;
  }
  await context.close();
  expect(found).toEqual({});
}

test.describe("accessibility: WCAG 2.2 AA rules of axe-core", () => {
  // First, the longest: one sign-in per theme and half of the pages (each page a fresh sign-in
  // would be 36 logins; in halves the crawl's two workers share the longest tests).
  const half = Math.ceil(MEMBER_PAGES.length / 2);
  for (const [theme, width] of [["light", 1280], ["dark", 360]] as const) {
    for (const [first, pages] of [[1, MEMBER_PAGES.slice(0, half)], [half + 1, MEMBER_PAGES.slice(half)]] as const) {
      test(`signed-in pages ${first}–${first + pages.length - 1} of ${MEMBER_PAGES.length} (the profile, every admin page) as an admin, ${theme} theme at ${width} px: no violations`, async ({ browser }) => {
        // Each page loaded, scrolled through and analysed: up to 12 s a page on a busy 2-core machine.
        test.setTimeout(180_000);
        await audit(browser, pages, { dark: theme === "dark", width, signedIn: true });
      });
    }
  }

  for (const target of PUBLIC_PAGES) {
    test(`${target.path} as a guest: its first load hydrates with no mismatch, error or /api read; light on a desktop and dark on a phone: no violations`, async ({ browser }) => {
      // Two fresh browsers, two loads (the first at a phone's CPU speed) and two axe runs over the longest pages (the spell book).
      test.setTimeout(90_000);
      await audit(browser, [target.path], { dark: false, width: 1280, signedIn: false, firstLoad: target });
      await audit(browser, [target.path], { dark: true, width: 360, signedIn: false });
    });
  }

  test("open states on a phone: a failed sign-in and its notification, the mobile menu, the upload and confirm dialogs, a form's errors", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 412, height: 900 });
    const found: Record<string, string[]> = {};
    const check = async (state: string) => {
      const list = await violations(page);
      if (list.length) found[state] = list;
    };
    await open(page, "/login");
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password", { exact: true }).fill(`${DEMO_PASSWORD}-wrong`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.locator('[data-toast-type="error"]')).toBeVisible();
    await check("sign-in, wrong password (error notification)");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await open(page, "/news");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("mobile menu open");
    await page.keyboard.press("Escape");

    await open(page, "/admin/media");
    await page.getByRole("button", { name: /upload/i }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("upload dialog");
    await page.keyboard.press("Escape");

    await open(page, "/admin/news");
    await page.getByRole("button", { name: /^Delete/ }).first().click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await check("delete confirmation");
    await page.keyboard.press("Escape");

    await open(page, "/admin/news/create");
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await check("news form with errors");
    expect(found).toEqual({});
  });

  test("a reader's open states on a phone in the dark theme: the gallery's filter sheet and lightbox, the avatar picker", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 412, height: 900 } });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    const check = async (state: string) => {
      const list = await violations(page);
      if (list.length) found[state] = list;
    };
    await open(page, "/screenshots");
    await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await check("gallery filter sheet");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
    await page.locator("main article h2 button").first().click();
    await expect(page.getByRole("dialog", { name: /\(1 of \d+\)$/ })).toBeVisible();
    await check("gallery lightbox");
    await page.keyboard.press("Escape");

    await signIn(page, ADMIN);
    await open(page, "/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByRole("button", { name: "Choose Avatar" }).click();
    await expect(page.getByRole("tab").first()).toBeVisible();
    await check("profile editing with the avatar picker");
    await context.close();
    expect(found).toEqual({});
  });
});
