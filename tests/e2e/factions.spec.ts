import { expect, test, type Page } from "@playwright/test";

/** Demo accounts from scripts/demo/accounts.ts (seeded by scripts/e2e-server.ts). */
const MODERATOR = { email: "moderator@example.com", password: "DemoPass!2025" };

/** Counts /api requests the page makes from now on. */
function countApiRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) seen.push(r.url());
  });
  return seen;
}

const unitCards = (page: Page) => page.getByRole("tabpanel").locator("article");

test.describe("factions as a guest", () => {
  test("header Factions → a faction → Units filtered by Tier 3 and Flying (URL, reload) → Clear → Heroes filtered by Magic", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Factions", exact: true }).click();
    await expect(page).toHaveURL(/\/factions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Factions" })).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(6);
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);

    await page.getByRole("link", { name: "Cinderborn Horde" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cinderborn Horde" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home›Factions›Cinderborn Horde");
    await expect(page.getByText("Chaos", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Spells" })).toBeVisible();

    const requests = countApiRequests(page);
    await page.getByRole("tab", { name: "Units (21)" }).click();
    await expect(page).toHaveURL(/\?tab=units$/);
    await expect(unitCards(page)).toHaveCount(7);
    await page.getByLabel("Tier").selectOption("3");
    await expect(page).toHaveURL(/tab=units&tier=3$/);
    await expect(unitCards(page)).toHaveCount(1);
    await page.getByLabel("Unit type").selectOption("Flying");
    await expect(page).toHaveURL(/tab=units&tier=3&type=Flying$/);
    await expect(page.getByText("No units found matching the current filters.")).toBeVisible();
    // Filters work on the data already loaded: no request per click.
    expect(requests).toEqual([]);

    await page.reload();
    await expect(page.getByLabel("Tier")).toHaveValue("3");
    await expect(page.getByLabel("Unit type")).toHaveValue("Flying");
    await expect(page.getByText("No units found matching the current filters.")).toBeVisible();

    await page.getByLabel("Tier").selectOption("5");
    await expect(unitCards(page)).toHaveCount(1);
    await expect(unitCards(page).first()).toContainText("Tier 5 · Flying · Normal");
    await page.getByRole("button", { name: "Upgrade 2" }).click();
    await expect(page).toHaveURL(/level=2/);
    await expect(unitCards(page).first()).toContainText("Upgrade 2");

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\?tab=units$/);
    await expect(unitCards(page)).toHaveCount(7);
    await expect(page.getByLabel("Tier")).toHaveValue("");

    await page.getByRole("tab", { name: "Heroes (6)" }).click();
    await expect(page).toHaveURL(/\?tab=heroes$/);
    await expect(unitCards(page)).toHaveCount(6);
    await page.getByLabel("Class").selectOption("Magic");
    await expect(page).toHaveURL(/tab=heroes&class=Magic$/);
    const magic = unitCards(page);
    await expect(magic.first()).toBeVisible();
    const count = await magic.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(6);
    for (let i = 0; i < count; i++) await expect(magic.nth(i)).toContainText("Magic");
  });

  test("keyboard: arrow keys move between the tabs", async ({ page }) => {
    await page.goto("/factions/1");
    // The tabs the Worker rendered answer keys once React has hydrated them.
    await expect(page.locator("html[data-app]")).toHaveCount(1);
    await page.getByRole("tab", { name: "Overview" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /^Units/ })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=units$/);
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: /^Heroes/ })).toHaveAttribute("aria-selected", "true");
  });

  test("an unknown faction id shows 'Faction Not Found' with a link back (404 from the server)", async ({ page }) => {
    const res = await page.goto("/factions/999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Faction Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Factions" }).click();
    await expect(page).toHaveURL(/\/factions$/);
  });

  test("a game-info article opens from /game-info and shows related articles", async ({ page }) => {
    await page.goto("/game-info");
    await expect(page.getByRole("heading", { level: 1, name: "Game Info" })).toBeVisible();
    // The factions stay one click away.
    await expect(page.getByRole("region", { name: "Factions" }).getByRole("link", { name: /Aurelian Concord/ })).toBeVisible();
    await page.getByRole("link", { name: "Your first week in Aldermere" }).click();
    await expect(page).toHaveURL(/\/game-info\/first-week$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your first week in Aldermere" })).toBeVisible();
    await expect(page.getByTestId("gameinfo-content")).toContainText("Day one:");
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.locator("article").first()).toBeVisible();
    await related.locator("article a").first().click();
    await expect(page).toHaveURL(/\/game-info\/(?!first-week)[a-z0-9-]+$/);
    const missing = await page.goto("/game-info/no-such-guide");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeVisible();
  });
});

test("a moderator sees an edit link on every faction card and on the faction banner", async ({ page }) => {
  const res = await page.request.post("/api/auth/login", { data: MODERATOR });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.goto("/");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("authUser", u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto("/factions");
  await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Edit Aurelian Concord" })).toHaveAttribute("href", "/admin/factions/1/edit");
  await page.goto("/factions/1");
  await expect(page.getByRole("link", { name: "Edit Faction" })).toHaveAttribute("href", "/admin/factions/1/edit");
});
