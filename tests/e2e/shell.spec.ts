import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/session";

const MODERATOR_LINKS = ["Dashboard", "Manage News", "Manage Media", "Manage Game Assets", "Manage Game Info"];
const ADMIN_LINKS = [...MODERATOR_LINKS, "Admin Menu", "Manage Users", "Settings", "Audit Log"];

/** Signs in through the API and stores the session the way the app does, then reloads. */
async function signInAs(page: Page, email: string) {
  await signIn(page, email, "/not-a-page-for-setup");
  await page.reload();
}

test.describe("the smallest desktop header", () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test("at 1024 px an admin's bar fits: the logo on one line, the account menu inside the window, no sideways scroll", async ({ page }) => {
    await signInAs(page, "admin@example.com");
    const banner = page.getByRole("banner");
    const account = banner.getByRole("button", { name: /^Account: / });
    await expect(account).toBeVisible();
    const logo = await banner.getByRole("link", { name: "Realm Codex home" }).boundingBox();
    expect(logo!.height, "logo height (one line)").toBeLessThanOrEqual(40);
    const menu = await account.boundingBox();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(1024);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });
});

test.describe("desktop header per role", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a guest sees the public links, Sign In and Sign Up, and no Admin menu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links: [string, string][] = [["Home", "/"], ["News", "/news"], ["Factions", "/factions"], ["Screenshots", "/screenshots"], ["Forum", "/forum"]];
    for (const [name, href] of links) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(banner.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
    await expect(banner.getByRole("button", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("a user has the account menu (Profile, Sign Out) and no Admin menu", async ({ page }) => {
    await signInAs(page, "user@example.com");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Admin" })).toHaveCount(0);
    await banner.getByRole("button", { name: /^Account: / }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Profile", "Sign Out"]);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(banner.getByRole("button", { name: /^Account: / })).toBeFocused();
  });

  test("a moderator's Admin menu has the four moderator links", async ({ page }) => {
    await signInAs(page, "moderator@example.com");
    await page.getByRole("banner").getByRole("button", { name: "Admin" }).click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(MODERATOR_LINKS);
  });

  test("an admin's Admin menu has all seven links; Sign Out returns to the guest header", async ({ page }) => {
    await signInAs(page, "admin@example.com");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Admin" }).click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(ADMIN_LINKS);
    await page.keyboard.press("Escape");
    await banner.getByRole("button", { name: /^Account: / }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from the right, Escape closes it and focus returns to the toggle; on /admin it marks Dashboard current", async ({ page }) => {
    await signInAs(page, "moderator@example.com");
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // The dashboard is a member page: the Worker sends the shell, the browser loads the page. A
    // menu opened while the page is still settling can close again (a known bug, open in issue
    // 41): until it is fixed, the menu is opened again if it closed.
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Open menu" });
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(async () => {
      if (!(await dialog.isVisible())) await toggle.click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
    await expect(dialog.getByRole("region", { name: "Admin" }).getByRole("link")).toHaveText(MODERATOR_LINKS);
    // /admin is the dashboard: its link is the current page.
    await expect(dialog.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(dialog.getByText("moderator@example.com")).toBeVisible();
    // The panel slides in: wait for the transition to end, then it sits flush with the right edge.
    await expect.poll(async () => {
      const box = await dialog.boundingBox();
      return box ? Math.round(box.x + box.width) : null;
    }).toBe(390);
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390 * 0.8 + 0.5);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test("the theme toggle persists across a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
});

test("with nothing stored the theme follows the system preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("a sign-in failure notification shows top-right with a close button and disappears after 5 s", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1!");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("alert");
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("button", { name: "Close notification" })).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toHaveCount(0, { timeout: 9_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3_500);
});

test("an unknown path answers 404 and shows the Not Found page inside the shell", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | Realm Codex");
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Latest News" })).toHaveAttribute("href", "/news");
  await expect(page.getByRole("contentinfo")).toContainText("© 2025 Realm Codex");
});

test("every icon the page names (SVG, PNG for browsers without SVG icons, the iOS touch icon) is served as an image", async ({ page, request }) => {
  await page.goto("/news");
  const links = await page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"]').evaluateAll((els) => els.map((el) => el.getAttribute("href")!));
  expect(links).toEqual(["/images/icons/favicon-32.png", "/favicon.svg", "/images/icons/apple-touch-icon.png"]);
  for (const href of links) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toMatch(/^image\/(png|svg\+xml)/);
  }
});

test("a file that is not in the build answers 404 rather than the app's HTML; a trailing slash redirects", async ({ page, request }) => {
  for (const path of ["/assets/index-from-an-older-build.js", "/images/no-such-image.png", "/favicon.ico"]) {
    const res = await request.get(path, { headers: { Accept: "*/*" } });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"] ?? "", path).not.toContain("text/html");
  }
  const response = await page.goto("/news/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
});

test("a missing item's page (404) shows its Not Found view from the HTML: the app hydrates it without asking the API", async ({ page }) => {
  const api: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api/")) api.push(req.url());
  });
  for (const [path, title, back] of [
    ["/units/999999", "Unit Not Found", "Back to Factions"],
    ["/factions/999999", "Faction Not Found", "Back to Factions"],
    ["/spells/999999", "Spell Not Found", "Open the Spell Book"],
    ["/game-info/no-such-guide", "Article Not Found", "Back to Game Info"],
    ["/news/999999", "Article Not Found", "View All News"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByRole("link", { name: back }), path).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Realm Codex`);
  }
  expect(api).toEqual([]);
  // Go Back (on a page opened directly) goes to the news.
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
});
