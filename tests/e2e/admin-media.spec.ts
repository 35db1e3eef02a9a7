import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, MODERATOR, signIn } from "./support/session";

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new pending item whose original is a seeded demo file (created through the API, like an upload would). */
async function createItem(request: APIRequestContext, token: string, title: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const list = await request.get("/api/media?approvedOnly=true&pageSize=1", { headers: auth });
  const seeded = ((await list.json()) as { items: { originalUrl: string; categoryId: number }[] }).items[0]!;
  const res = await request.post("/api/media", {
    headers: auth,
    data: {
      title,
      description: "Made by a browser test.",
      mediaType: "image",
      categoryId: seeded.categoryId,
      originalUrl: seeded.originalUrl.split("?")[0],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function guestPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

const row = (page: Page, title: string) => page.getByTestId("admin-media-row").filter({ hasText: title });

test.describe("media management", () => {
  test("a moderator approves a pending item (a guest then sees it), features it, edits its title and deletes another", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await signIn(page, MODERATOR);
    const first = unique("Approve me");
    const second = unique("Delete me");
    const a = await createItem(page.request, token, first);
    await createItem(page.request, token, second);

    // Every item, not only the queue (approved items stay in view).
    await page.goto("/admin/media?status=all");
    await expect(page.getByRole("heading", { level: 1, name: "Media Management" })).toBeVisible();
    await expect(row(page, first).getByText("Pending", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: `Approve "${first}"` }).click();
    await expect(row(page, first).getByText("Approved", { exact: true })).toBeVisible();
    const guest = await guestPage(browser);
    await guest.page.goto("/screenshots");
    await expect(guest.page.getByRole("button", { name: first })).toBeVisible();
    await guest.close();

    await page.getByRole("button", { name: `Feature "${first}"` }).click();
    await expect(row(page, first).getByText("Featured")).toBeVisible();
    await expect(page.getByRole("button", { name: `Unfeature "${first}"` })).toBeVisible();

    await page.getByRole("link", { name: `Edit "${first}"` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/media/${a.id}/edit$`));
    const renamed = `${first} renamed`;
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/media$/);
    await page.getByRole("button", { name: /^All Items/ }).click();
    await expect(row(page, renamed)).toBeVisible();

    await page.getByRole("button", { name: `Delete "${second}"` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete media item" });
    await expect(confirm).toContainText(`Are you sure you want to delete "${second}"?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, second)).toHaveCount(0);

    // Leave the shared gallery as it was.
    const cleanup = await page.request.delete(`/api/media/${a.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(cleanup.status()).toBe(204);
  });

  test("an invalid media id shows 'Media Item Not Found' with 'Invalid media ID' and a way back", async ({ page }) => {
    await signIn(page, MODERATOR);
    await page.goto("/admin/media/abc/edit");
    await expect(page.getByRole("heading", { name: "Media Item Not Found" })).toBeVisible();
    await expect(page.getByText("Invalid media ID")).toBeVisible();
    await page.getByRole("link", { name: "Back to Media Management" }).click();
    await expect(page).toHaveURL(/\/admin\/media$/);
  });

  test("an admin adds a category in /admin/menu and it appears as a filter", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await signIn(page, ADMIN);
    await page.goto("/admin/menu");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Management" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Media Categories" })).toBeVisible();

    await page.getByRole("button", { name: "+ Add Category" }).click();
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    const name = unique("Battle Maps");
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await page.getByLabel("name of new category").fill(name);
    await page.getByLabel("slug of new category").fill(slug);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Categories saved.")).toBeVisible();
    await expect(page.getByText("Unsaved changes")).toBeHidden();
    await expect(page.locator('input[aria-label^="name of category"]').and(page.locator(`[value="${name}"]`))).toHaveCount(1);

    await page.goto("/admin/media?status=all");
    const filter = page.getByLabel("Category");
    await expect(filter.locator("option", { hasText: name })).toHaveCount(1);
    await filter.selectOption({ label: name });
    await expect(page).toHaveURL(/categoryId=\d+/);
    await expect(page.getByText("No media items found")).toBeVisible();

    const categories = (await (await page.request.get("/api/media/categories", { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number; slug: string }[];
    const created = categories.find((c) => c.slug === slug)!;
    expect((await page.request.delete(`/api/media/categories/${created.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
  });

  test("a moderator who opens /admin/menu is sent to /admin", async ({ page }) => {
    await signIn(page, MODERATOR);
    await page.goto("/admin/menu");
    await expect(page).toHaveURL(/\/admin$/);
  });
});
