import { expect, test, type Browser } from "@playwright/test";
import { ADMIN, MODERATOR, signIn } from "./support/session";

/**
 * Guides (issue 34): a moderator writes a guide in the site and publishes it; a guest finds it
 * under its category and by search; an admin finds that change in the audit log. The guide has a
 * category of its own, so the seeded guides and the other journeys' counts stay as they are.
 */
async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { page, close: () => context.close() };
}

test.describe("guides", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a moderator writes and publishes a guide; a guest finds it by category and by search; an admin finds the change in the audit log", async ({ browser }) => {
    const stamp = Date.now().toString(36);
    const title = `Holding the ford ${stamp}`;
    const category = `Tactics ${stamp}`;
    const word = `fordwatch${stamp}`;

    // The moderator writes it as a draft, with a preview.
    const moderator = await signedInPage(browser, MODERATOR);
    let page = moderator.page;
    await page.goto("/admin/game-info");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Game Info" })).toBeVisible();
    await page.getByRole("link", { name: "+ New Guide" }).click();
    await expect(page).toHaveURL("/admin/game-info/new");
    await page.getByLabel("Title").fill(title);
    // The slug follows the title.
    await expect(page.getByLabel("Slug")).toHaveValue(`holding-the-ford-${stamp}`);
    await page.getByLabel("Category").fill(category);
    await page.getByLabel("Summary").fill("Where to stand when the river is the only crossing.");
    await page.getByLabel("Content").fill(`Hold the ford with pikes.\nKeep archers behind them.\nThe ${word} trick wins.`);
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByTestId("guide-preview");
    await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(preview.getByTestId("gameinfo-content")).toHaveText(`Hold the ford with pikes.\nKeep archers behind them.\nThe ${word} trick wins.`);
    await page.getByRole("tab", { name: "Write" }).click();
    await expect(page.getByLabel("Published")).not.toBeChecked();
    await page.getByRole("button", { name: "Create Guide" }).click();
    await expect(page).toHaveURL("/admin/game-info");
    await expect(page.getByText(`Created "${title}".`)).toBeVisible();

    // A draft: guests do not find it yet.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    expect((await guestPage.goto(`/game-info/holding-the-ford-${stamp}`))?.status()).toBe(404);

    // Published from the list.
    const row = page.getByTestId("admin-guide-row").filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await row.getByRole("button", { name: `Publish "${title}"` }).click();
    await expect(page.getByText(`Published: "${title}".`)).toBeVisible();
    await expect(row).toContainText("Published");
    await moderator.close();

    // The guest finds it under its category...
    page = guestPage;
    await page.goto("/game-info");
    const categories = page.getByRole("navigation", { name: "Categories" });
    await categories.getByRole("link", { name: new RegExp(`^${category}`) }).click();
    await expect(page).toHaveURL(`/game-info?category=${encodeURIComponent(category).replace(/%20/g, "+")}`);
    await expect(categories.getByRole("link", { name: new RegExp(`^${category}`) })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("gameinfo-content")).toContainText("Keep archers behind them.");

    // ...by the guides' own search, and by the site search.
    await page.goto("/game-info");
    await page.getByRole("searchbox", { name: "Search guides" }).fill(word);
    await page.getByRole("searchbox", { name: "Search guides" }).press("Enter");
    await expect(page).toHaveURL(`/game-info?search=${word}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.goto(`/search?q=${word}`);
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible();
    await guest.close();

    // The admin finds the publication in the audit log, filtered to guides changed by the moderator.
    const admin = await signedInPage(browser, ADMIN);
    page = admin.page;
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    await page.getByLabel("Entity type").selectOption("gameinfo");
    await page.getByLabel("Action").selectOption("update");
    const who = await page.getByLabel("User").locator("option", { hasText: `(${MODERATOR})` }).getAttribute("value");
    await page.getByLabel("User").selectOption(who!);
    await expect(page).toHaveURL(/entityType=gameinfo/);
    await expect(page).toHaveURL(/action=update/);
    const entry = page.getByTestId("audit-entry").filter({ hasText: "isPublished" }).first();
    await expect(entry).toContainText("Changed");
    await expect(entry).toContainText(`“${title}”`);
    await expect(entry).toContainText("by Milo Ferris");
    await expect(entry).toContainText("Old value: No");
    await expect(entry).toContainText("New value: Yes");
    // The entity is linked: its editor.
    await entry.getByRole("link", { name: /^Guide #\d+$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit Guide: ${title}` })).toBeVisible();
    await admin.close();
  });
});
