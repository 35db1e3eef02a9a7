import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, apiLogin, signIn } from "./support/session";

/**
 * Site settings obeyed by the running site, the site-wide search and the dashboard. The settings
 * tests change what every visitor sees, so this file runs serially and puts the settings back
 * (maintenance off, registration on) however a test ends.
 */
test.describe.configure({ mode: "serial" });

const signInAs = (page: Page, email: string) => signIn(page, email, "/not-a-page-for-setup");

/** Puts back what these tests change, through the API as the admin. */
async function restoreSettings(request: APIRequestContext) {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { Authorization: `Bearer ${token}` };
  const current = (await (await request.get("/api/settings", { headers })).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, ...settings } = current;
  const res = await request.put("/api/settings", { headers, data: { ...settings, maintenanceMode: false, enableRegistration: true } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fresh guest: its own context (no session, no HTTP cache). */
async function guestPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Saves the settings form and waits for the confirmation. */
async function saveSettings(page: Page) {
  const saved = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/settings" && res.request().method() === "PUT");
  await page.getByRole("button", { name: "Save Settings" }).click();
  expect((await saved).status()).toBe(200);
  // The previous save's toast may still be up: the newest one is last.
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Settings saved successfully").last()).toBeVisible();
}

test.describe("site settings obeyed", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.afterAll(async ({ request }) => restoreSettings(request));

  test("an admin turns maintenance on: a guest gets the message (503), the admin still browses and turns it off", async ({ page, browser }) => {
    const message = `Upgrading the codex, back soon (${Date.now()}).`;
    const guest = await guestPage(browser);
    try {
      await signInAs(page, ADMIN);
      await page.goto("/admin/settings");
      const form = page.getByRole("form", { name: "Site settings" });
      await form.getByLabel("Maintenance Mode", { exact: true }).check();
      await form.getByLabel("Maintenance Message", { exact: true }).fill(message);
      await saveSettings(page);

      // The guest's next page (HTML and app) is the maintenance notice, answered 503.
      await expect(async () => {
        const res = await guest.page.goto("/news");
        expect(res!.status()).toBe(503);
        expect(res!.headers()["retry-after"]).toBeTruthy();
        await expect(guest.page.getByTestId("maintenance-message")).toHaveText(message, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(guest.page.getByRole("heading", { level: 1, name: /is under maintenance$/ })).toBeVisible();
      await expect(guest.page.getByRole("heading", { name: "Latest News" })).toHaveCount(0);
      // The guest's API calls are refused too.
      const api = await guest.page.request.get("/api/news");
      expect(api.status()).toBe(503);
      expect(((await api.json()) as { code: string }).code).toBe("maintenance_mode");

      // The admin keeps working: pages and their data load, with a reminder strip.
      await page.goto("/news");
      await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
      await expect(page.locator("main article").first()).toBeVisible();
      await expect(page.getByText("Maintenance mode is on: visitors see the maintenance message.")).toBeVisible();

      await page.goto("/admin/settings");
      await form.getByLabel("Maintenance Mode", { exact: true }).uncheck();
      await saveSettings(page);

      await expect(async () => {
        const res = await guest.page.goto("/news");
        expect(res!.status()).toBe(200);
        await expect(guest.page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(guest.page.getByTestId("maintenance-message")).toHaveCount(0);
    } finally {
      await guest.close();
      await restoreSettings(page.request);
    }
  });

  test("an admin turns registration off: the Sign Up link disappears for guests and comes back when it is on again", async ({ page, browser }) => {
    const guest = await guestPage(browser);
    const signUp = () => guest.page.getByRole("banner").getByRole("link", { name: "Sign Up" });
    try {
      await guest.page.goto("/");
      await expect(signUp()).toBeVisible();

      await signInAs(page, ADMIN);
      await page.goto("/admin/settings");
      const form = page.getByRole("form", { name: "Site settings" });
      await form.getByLabel("Enable Registration", { exact: true }).uncheck();
      await saveSettings(page);

      await expect(async () => {
        await guest.page.goto("/");
        await expect(guest.page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible({ timeout: 2_000 });
        await expect(signUp()).toHaveCount(0, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      // The server refuses new accounts as well.
      const res = await guest.page.request.post("/api/auth/register", {
        data: { email: `closed-${Date.now()}@example.com`, password: "Closed-Door-2025!", firstName: "Closed", lastName: "Door" },
      });
      expect(res.status()).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("registration_disabled");

      await form.getByLabel("Enable Registration", { exact: true }).check();
      await saveSettings(page);
      await expect(async () => {
        await guest.page.goto("/");
        await expect(signUp()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    } finally {
      await guest.close();
      await restoreSettings(page.request);
    }
  });
});

test.describe("site-wide search", () => {
  test("a visitor searches 'dragon' from the header and opens a unit result", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
    await box.fill("dragon");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=dragon$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(box).toHaveValue("dragon");

    const units = page.getByRole("main").getByRole("region", { name: /^Units \(\d+\)$/ });
    await expect(units).toBeVisible();
    // The matched word is highlighted in the snippet.
    await expect(units.locator("mark").first()).toHaveText(/^dragon$/i);
    const first = units.getByRole("listitem").first().getByRole("link");
    const name = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/units\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("on a phone the menu's search box opens the results, and a type filter pages through one type", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = page.getByRole("dialog", { name: "Menu" }).getByRole("searchbox", { name: "Search the site" });
    await box.fill("fire");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=fire$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    // The page's own box shows the search on phones.
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search the site" })).toHaveValue("fire");

    const filter = page.getByRole("navigation", { name: "Result types" });
    await filter.getByRole("link", { name: /^Units \d+$/ }).click();
    await expect(page).toHaveURL(/\/search\?q=fire&type=unit$/);
    await expect(filter.getByRole("link", { name: /^Units \d+$/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByText(/results? in Units for “fire”/)).toBeVisible();
  });

  test("/search is not indexed and an empty search shows a hint", async ({ page }) => {
    const res = await page.goto("/search");
    expect(res!.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByText(/Type a word or two in the search box/)).toBeVisible();
  });
});

test.describe("admin dashboard", () => {
  test("the stat cards show the counts the API reports for the seeded site", async ({ page }) => {
    const token = await signInAs(page, ADMIN);
    const res = await page.request.get("/api/admin/dashboard/stats", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const stats = (await res.json()) as {
      users: { total: number; active: number; admins: number; moderators: number };
      news: { published: number; drafts: number; total: number };
    };
    expect(stats.users.total).toBeGreaterThan(0);
    expect(stats.news.published).toBeGreaterThan(0);

    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const expected: [string, number][] = [
      ["Total Users", stats.users.total],
      ["Active Users", stats.users.active],
      ["Administrators", stats.users.admins],
      ["Moderators", stats.users.moderators],
      ["Published Articles", stats.news.published],
      ["Draft Articles", stats.news.drafts],
    ];
    for (const [label, value] of expected) {
      await expect(page.getByTestId(`stat-${label}`)).toHaveText(String(value));
    }
    await expect(page.getByText(`of ${stats.news.total} articles`)).toBeVisible();
  });
});
