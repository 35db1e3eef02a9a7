import { expect, test, type Browser, type Page } from "@playwright/test";
import { MODERATOR, signIn } from "./support/session";

/** Demo accounts from scripts/demo/accounts.ts (seeded by scripts/e2e-server.ts). */
async function signedInPage(browser: Browser, email = MODERATOR) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signIn(page, email);
  return { page, token, close: () => context.close() };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A faction of this test alone: inactive (guests and the public lists never see it) and sorted
 * last, so the other journeys' factions and counts stay as seeded.
 */
async function createFaction(page: Page, token: string) {
  const name = `Journey Faction ${Date.now()}`;
  const res = await page.request.post("/api/faction", {
    headers: auth(token),
    data: { name, alignment: "Neutral", description: "Made by the faction edit journey.", specialty: "Old specialty", isActive: false, sortOrder: 99_999 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, name };
}

test.describe("faction edit page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a moderator opens it from the faction page, changes a field, saves and sees it there; History restores the old value", async ({ browser }) => {
    const { page, token, close } = await signedInPage(browser);
    const { id, name } = await createFaction(page, token);

    await page.goto(`/factions/${id}`);
    await page.getByRole("link", { name: "Edit Faction" }).click();
    await expect(page).toHaveURL(`/admin/factions/${id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: `Edit Faction: ${name}` })).toBeVisible();
    await expect(page.getByLabel("Specialty")).toHaveValue("Old specialty");
    const specialty = `Journey specialty ${Date.now()}`;
    await page.getByLabel("Specialty").fill(specialty);
    // A /files/ path typed by hand is accepted.
    await page.getByLabel("Logo", { exact: true }).fill("/files/media/journey-logo.webp");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(`/factions/${id}`);
    await expect(page.getByRole("main")).toContainText(specialty);

    // History on the edit page: restore the change (the old specialty and no logo come back).
    await page.getByRole("link", { name: "Edit Faction" }).click();
    await expect(page.getByLabel("Specialty")).toHaveValue(specialty);
    await page.getByRole("button", { name: "History" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("specialty", { exact: true }).first()).toBeVisible();
    const restored = page.waitForResponse((r) => r.url().includes("/restore") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: /^Restore change/ }).first().click();
    expect((await restored).status()).toBe(200);
    await expect(page.getByText("Change restored.")).toBeVisible();
    await expect(page.getByLabel("Specialty")).toHaveValue("Old specialty");
    await expect(page.getByLabel("Logo", { exact: true })).toHaveValue("");
    const stored = await page.request.get(`/api/faction/${id}?activeOnly=false`, { headers: auth(token) });
    expect(((await stored.json()) as { specialty: string }).specialty).toBe("Old specialty");
    await close();
  });

  test("'Name is required' blocks Save; an unknown or malformed id shows 'Faction Not Found'", async ({ browser }) => {
    const { page, token, close } = await signedInPage(browser);
    const { id } = await createFaction(page, token);
    await page.goto(`/admin/factions/${id}/edit`);
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expect(page).toHaveURL(`/admin/factions/${id}/edit`);

    await page.goto("/admin/factions/999999/edit");
    await expect(page.getByRole("heading", { name: "Faction Not Found" })).toBeVisible();
    await page.goto("/admin/factions/not-a-number/edit");
    await expect(page.getByRole("heading", { name: "Faction Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Factions" }).click();
    await expect(page).toHaveURL("/factions");
    await close();
  });

  test("leaving with unsaved changes asks first: Stay keeps the edits, Discard changes leaves, closing the tab gets the browser's prompt; Save leaves without asking", async ({ browser }) => {
    const { page, token, close } = await signedInPage(browser);
    const { id } = await createFaction(page, token);
    await page.goto(`/admin/factions/${id}/edit`);
    await page.getByLabel("Specialty").fill("Unsaved specialty");

    // Cancel (a navigation inside the app) is held: Stay keeps the page and the edit.
    await page.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
    await expect(dialog).toContainText("You have unsaved changes. Leave this page and discard them?");
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/admin/factions/${id}/edit`);
    await expect(page.getByLabel("Specialty")).toHaveValue("Unsaved specialty");

    // Closing the tab runs the browser's own prompt; dismissing it keeps the page open.
    const prompt = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const unload = await prompt;
    expect(unload.type()).toBe("beforeunload");
    await unload.dismiss();
    await expect(page.getByLabel("Specialty")).toHaveValue("Unsaved specialty");

    // A header link is held too; Discard changes goes on and nothing was saved.
    await page.getByRole("banner").getByRole("link", { name: "Factions" }).first().click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL("/factions");
    const stored = await page.request.get(`/api/faction/${id}?activeOnly=false`, { headers: auth(token) });
    expect(((await stored.json()) as { specialty: string }).specialty).toBe("Old specialty");

    // Saved changes leave at once.
    await page.goto(`/admin/factions/${id}/edit`);
    await page.getByLabel("Specialty").fill("Saved specialty");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(`/factions/${id}`);
    await expect(dialog).toHaveCount(0);
    await close();
  });

  test("Back from an editor with unsaved changes is held too (the router's blocker): Stay keeps the page, Discard changes goes back", async ({ browser }) => {
    const { page, token, close } = await signedInPage(browser);
    const { id } = await createFaction(page, token);
    await page.goto(`/factions/${id}`);
    await page.getByRole("link", { name: "Edit Faction" }).click();
    await expect(page).toHaveURL(`/admin/factions/${id}/edit`);
    await page.getByLabel("Specialty").fill("Unsaved specialty");

    const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/admin/factions/${id}/edit`);
    await expect(page.getByLabel("Specialty")).toHaveValue("Unsaved specialty");

    await page.goBack();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(`/factions/${id}`);
    await close();
  });

  test("a plain user sees the access-denied text on the edit page and no edit link on the faction page", async ({ browser }) => {
    const { page, close } = await signedInPage(browser, "user@example.com");
    await page.goto("/admin/factions/1/edit");
    await expect(page.getByText("Access denied. Admin or Moderator role required.")).toBeVisible();
    await page.goto("/factions/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Faction" })).toHaveCount(0);
    await close();
  });
});

test.describe("news editor: no lost updates", () => {
  test.describe.configure({ timeout: 120_000 });

  test("two moderators edit the same article: the second gets the prompt, takes theirs; later keeps mine", async ({ browser }) => {
    const a = await signedInPage(browser);
    const b = await signedInPage(browser);
    const created = await a.page.request.post("/api/news", {
      headers: auth(a.token),
      data: { title: `Conflict article ${Date.now()}`, summary: "Two editors.", content: "Body.", author: "Journey", tags: ["e2e"], isPublished: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    for (const p of [a.page, b.page]) {
      await p.goto(`/admin/news/edit/${id}`);
      await expect(p.getByLabel("Title")).toHaveValue(/Conflict article/);
    }
    await a.page.getByLabel("Title").fill("Title from A");
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    await expect(a.page).toHaveURL(`/news/${id}`);

    await b.page.getByLabel("Title").fill("Title from B");
    await b.page.getByRole("button", { name: "Save Changes" }).click();
    const prompt = b.page.getByRole("alert").filter({ has: b.page.getByRole("heading", { name: "Changed elsewhere" }) });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("row", { name: /Title/ })).toContainText("Title from A");
    await expect(prompt.getByRole("row", { name: /Title/ })).toContainText("Title from B");
    await prompt.getByRole("button", { name: "Take theirs" }).click();
    await expect(b.page.getByLabel("Title")).toHaveValue("Title from A");
    await expect(prompt).toHaveCount(0);

    // B edits on top of A's version and saves; then A, still on B's old version, keeps mine.
    await a.page.goto(`/admin/news/edit/${id}`);
    await expect(a.page.getByLabel("Title")).toHaveValue("Title from A");
    await b.page.getByLabel("Summary").fill("Summary from B.");
    await b.page.getByRole("button", { name: "Save Changes" }).click();
    await expect(b.page).toHaveURL(`/news/${id}`);

    await a.page.getByLabel("Title").fill("Final title from A");
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    const promptA = a.page.getByRole("alert").filter({ has: a.page.getByRole("heading", { name: "Changed elsewhere" }) });
    await expect(promptA.getByRole("row", { name: /Summary/ })).toContainText("Summary from B.");
    await promptA.getByRole("button", { name: "Keep mine" }).click();
    await expect(a.page).toHaveURL(`/news/${id}`);

    const stored = (await (await a.page.request.get(`/api/news/${id}`, { headers: auth(a.token) })).json()) as { title: string; summary: string };
    // Keep mine saved A's whole form over B's version.
    expect(stored).toMatchObject({ title: "Final title from A", summary: "Two editors." });
    await a.page.request.delete(`/api/news/${id}`, { headers: auth(a.token) });
    await a.close();
    await b.close();
  });
});
