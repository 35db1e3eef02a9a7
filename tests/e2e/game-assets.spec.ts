import { expect, test, type Browser, type Page } from "@playwright/test";
import { MODERATOR, signIn } from "./support/session";

/** Demo accounts from scripts/demo/accounts.ts (seeded by scripts/e2e-server.ts). */
async function moderatorPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signIn(page, MODERATOR);
  return { page, token, close: () => context.close() };
}

const grid = (page: Page) => page.getByRole("grid");
/** The data cell of the row whose Name cell shows `name`, in the column with header `label`. */
async function cellOf(page: Page, name: string, label: string) {
  // The header row may still be rendering: read the columns once this one is there.
  await expect(grid(page).getByRole("columnheader", { name: label, exact: true })).toBeVisible();
  const headers = await grid(page).getByRole("columnheader").allTextContents();
  const col = headers.indexOf(label);
  expect(col, `column "${label}"`).toBeGreaterThanOrEqual(0);
  const row = grid(page).getByRole("row").filter({ has: page.getByRole("gridcell", { name, exact: true }) });
  return row.getByRole("gridcell").nth(col);
}

async function editCell(page: Page, name: string, label: string, value: string) {
  const cell = await cellOf(page, name, label);
  await cell.click();
  const input = cell.locator("input, textarea");
  await input.fill(value);
  await input.press("Enter");
}

test.describe("game-assets editor", () => {
  // Journeys of several saves and reloads on a shared, busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("a signed-in plain user sees the access-denied text", async ({ page }) => {
    await signIn(page, "user@example.com");
    await page.goto("/admin/game-assets");
    await expect(page.getByText("Access denied. Admin or Moderator role required.")).toBeVisible();
  });

  test("a moderator edits a unit's attack and a hero's biography, saves, sees them on the faction page, restores the attack from History", async ({ browser }) => {
    const { page, close } = await moderatorPage(browser);
    await page.goto("/admin/game-assets?type=units");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Game Assets" })).toBeVisible();
    const firstName = (await grid(page).getByRole("row").nth(1).getByRole("gridcell").nth(2).textContent())!.trim();
    const attackCell = await cellOf(page, firstName, "Attack");
    const oldAttack = (await attackCell.textContent())!.trim();
    const newAttack = String(Number(oldAttack) + 17);
    await editCell(page, firstName, "Attack", newAttack);
    await expect(attackCell).toHaveClass(/asset-cell-changed/);
    await expect(page.getByText(/You have unsaved changes/)).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(/Saved 1 row/)).toBeVisible();
    await expect(page.getByText(/You have unsaved changes/)).toHaveCount(0);

    // Heroes: the biography.
    await page.getByRole("button", { name: "Heroes" }).click();
    const heroName = (await grid(page).getByRole("row").nth(1).getByRole("gridcell").nth(2).textContent())!.trim();
    const biography = `Rewritten by the editor journey ${Date.now()}.`;
    await editCell(page, heroName, "Biography", biography);
    // Hero cards show the summary when there is one: clear it so the biography shows.
    await editCell(page, heroName, "Summary", "");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(/Saved 1 row/).last()).toBeVisible();

    // The public faction page shows both after a reload.
    const factionId = new URL(page.url()).searchParams.get("faction") ?? (await page.getByLabel("Faction").inputValue());
    await page.goto(`/factions/${factionId}?tab=units`);
    await expect(page.getByText(firstName).first()).toBeVisible();
    await expect(page.getByRole("main")).toContainText(newAttack);
    await page.goto(`/factions/${factionId}?tab=heroes`);
    await expect(page.getByRole("main")).toContainText(biography.slice(0, 20));

    // History: restore the old attack.
    await page.goto("/admin/game-assets?type=units");
    await page.getByRole("button", { name: `History of ${firstName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("attack").first()).toBeVisible();
    const restored = page.waitForResponse((r) => r.url().includes("/restore") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: /^Restore change/ }).first().click();
    expect((await restored).status()).toBe(200);
    await expect(page.getByText("Change restored.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(await cellOf(page, firstName, "Attack")).toHaveText(oldAttack);
    await close();
  });

  test("a new unit without a name is blocked with 'Name is required'; named, it saves", async ({ browser }) => {
    const { page, close } = await moderatorPage(browser);
    await page.goto("/admin/game-assets?type=units");
    await expect(grid(page)).toBeVisible();
    await page.getByRole("button", { name: "Create New" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Fix the marked cells before saving.")).toBeVisible();
    const newRow = grid(page).getByRole("row").nth(1);
    await expect(newRow.getByTitle("Name is required")).toBeVisible();
    const nameCell = newRow.getByRole("gridcell").nth(2);
    await nameCell.click();
    const name = `Journey Unit ${Date.now()}`;
    await nameCell.locator("input").fill(name);
    await nameCell.locator("input").press("Tab");
    const description = newRow.getByRole("gridcell").nth(3);
    await expect(description.locator("textarea")).toBeVisible();
    await description.locator("textarea").fill("Made in the browser journey.");
    await description.locator("textarea").press("Enter");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(/Saved 1 row/)).toBeVisible();
    await expect(page.getByText(/You have unsaved changes/)).toHaveCount(0);
    const factionId = await page.getByLabel("Faction").inputValue();
    const list = await page.request.get(`/api/unit?factionId=${factionId}&pageSize=200`);
    expect(((await list.json()) as { items: { name: string }[] }).items.map((u) => u.name)).toContain(name);
    await close();
  });

  test("a second moderator saving the same unit gets the conflict prompt and can take theirs", async ({ browser }) => {
    const a = await moderatorPage(browser);
    const b = await moderatorPage(browser);
    for (const p of [a.page, b.page]) {
      await p.goto("/admin/game-assets?type=units");
      await expect(grid(p)).toBeVisible();
    }
    const name = (await grid(a.page).getByRole("row").nth(2).getByRole("gridcell").nth(2).textContent())!.trim();
    await editCell(a.page, name, "Defense", "41");
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    await expect(a.page.getByText(/Saved 1 row/)).toBeVisible();

    await editCell(b.page, name, "Defense", "42");
    await b.page.getByRole("button", { name: "Save Changes" }).click();
    const prompt = b.page.getByRole("alert").filter({ has: b.page.getByRole("heading", { name: "Changed elsewhere" }) });
    await expect(prompt).toBeVisible();
    // Their value next to mine.
    await expect(prompt.getByRole("row", { name: /Defense/ })).toContainText("41");
    await expect(prompt.getByRole("row", { name: /Defense/ })).toContainText("42");
    await expect(b.page.getByRole("button", { name: /was changed elsewhere: review$/ })).toBeVisible();
    await prompt.getByRole("button", { name: "Take theirs" }).click();
    await expect(await cellOf(b.page, name, "Defense")).toHaveText("41");
    await expect(b.page.getByText(/You have unsaved changes/)).toHaveCount(0);
    await a.close();
    await b.close();
  });
});
