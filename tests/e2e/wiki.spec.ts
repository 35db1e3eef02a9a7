import { expect, test, type Page } from "@playwright/test";

const columnNames = (page: Page) => page.getByTestId("compare-table").locator("thead th a[href^='/units/']");

test.describe("unit pages and the comparison", () => {
  test("from a faction page: open a unit, compare it with two units of other factions, reload, remove one, share the URL", async ({ page, browser }) => {
    await page.goto("/factions/1?tab=units");
    const card = page.getByRole("tabpanel").locator("article").first();
    const unitLink = card.getByRole("heading").getByRole("link");
    const unitName = (await unitLink.textContent())!.trim();
    await unitLink.click();

    await expect(page).toHaveURL(/\/units\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: unitName })).toBeVisible();
    await expect(page.getByTestId("unit-stats")).toContainText("Weekly growth");
    const firstId = Number(new URL(page.url()).pathname.split("/").pop());

    // Add this unit and two units of the same tier from other factions.
    await page.getByRole("button", { name: `Compare ${unitName}` }).click();
    const others = page.getByTestId("same-tier").locator("li");
    await expect(others).not.toHaveCount(0);
    const otherNames: string[] = [];
    for (const i of [0, 1]) {
      const item = others.nth(i);
      otherNames.push((await item.getByRole("link").textContent())!.trim());
      await item.getByTestId("compare-toggle").click();
      await expect(item.getByTestId("compare-toggle")).toHaveAttribute("aria-pressed", "true");
    }
    const tray = page.getByTestId("compare-tray");
    await expect(tray).toContainText("Compare (3/4)");

    // The tray survives navigation and a reload.
    await page.goto("/factions/2");
    await page.reload();
    await page.goto(`/units/${firstId}`);
    await expect(tray).toContainText("Compare (3/4)");

    await tray.getByTestId("compare-open").click();
    await expect(page).toHaveURL(/\/compare\?units=\d+,\d+,\d+$/);
    await expect(columnNames(page)).toHaveText([unitName, ...otherNames]);
    await expect(page.getByTestId("chart-bar")).toHaveCount(3 * 7);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await page.reload();
    await expect(columnNames(page)).toHaveText([unitName, ...otherNames]);

    // The removed unit leaves at once, while the new selection's read is still held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/unit\?ids=/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: `Remove ${otherNames[0]} from the comparison` }).click();
    await expect(columnNames(page)).toHaveText([unitName, otherNames[1]!]);
    release();
    await expect(page).toHaveURL(/\/compare\?units=\d+,\d+$/);
    const shared = page.url();

    // Someone else opens the shared address: the same two units.
    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(shared);
    await expect(columnNames(guest)).toHaveText([unitName, otherNames[1]!]);
    await other.close();
  });

  test("explains too many, unknown and repeated ids instead of a blank page", async ({ page }) => {
    await page.goto("/compare?units=1,1,999999,2,3,4,5");
    const problems = page.getByTestId("compare-problems");
    await expect(problems).toContainText("At most 4 units can be compared");
    await expect(problems).toContainText("Unit 1 was listed more than once");
    await expect(problems).toContainText("No unit with id 999999 could be found");
    await expect(columnNames(page)).toHaveCount(3);
  });

  test("an unknown unit id shows 'Unit Not Found' (served with 404)", async ({ page }) => {
    const res = await page.goto("/units/999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Unit Not Found" })).toBeVisible();
  });
});

test.describe("spell book", () => {
  test("pages with real links, filters by school and level with the filters in the URL, kept on reload", async ({ page }) => {
    await page.goto("/spells");
    await expect(page.getByRole("heading", { level: 1, name: "Spell Book" })).toBeVisible();
    // The demo's 36 spells take two pages; the pager's real link shows the rest.
    await expect(page.getByTestId("spell-count")).toHaveText("36 spells · page 1 of 2");
    const firstPage = await page.getByTestId("spell-list").locator("article").count();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/spells\?page=2$/);
    await expect(page.getByTestId("spell-count")).toHaveText("36 spells · page 2 of 2");
    await expect(page.getByTestId("spell-list").locator("article")).toHaveCount(36 - firstPage);

    await page.getByLabel("School").selectOption("Fire");
    await page.getByLabel("Level").selectOption("2");
    await expect(page).toHaveURL(/\/spells\?school=Fire&level=2$/);
    const cards = page.getByTestId("spell-list").locator("article");
    await expect(cards).not.toHaveCount(0);
    // Every card shown is a level 2 Fire spell (waits for the filtered answer).
    await expect(cards.filter({ hasNotText: "Level 2" })).toHaveCount(0);
    await expect(cards.filter({ hasNotText: "Fire" })).toHaveCount(0);
    const count = await cards.count();

    await page.reload();
    await expect(page.getByLabel("School")).toHaveValue("Fire");
    await expect(page.getByLabel("Level")).toHaveValue("2");
    await expect(page.getByTestId("spell-list").locator("article")).toHaveCount(count);

    // A spell opens its own page.
    const name = (await cards.first().getByRole("heading", { level: 2 }).textContent())!.trim();
    await cards.first().getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Taught by")).toBeVisible();
  });
});
