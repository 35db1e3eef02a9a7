import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiLogin, MODERATOR, signIn } from "./support/session";

/** Demo accounts from scripts/demo/accounts.ts (seeded by scripts/e2e-server.ts). */
const signInAsModerator = (page: Page) => signIn(page, MODERATOR);

/** A fresh guest (own context: no session, no HTTP cache). */
async function guestPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

const newsCards = (page: Page) => page.locator("main article");

test.describe("news list as a guest", () => {
  test("filters by tag: the URL carries ?tag=, every card has the tag, reload keeps it, Clear All resets", async ({ page }) => {
    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    await expect(newsCards(page).first()).toBeVisible();
    const tagSelect = page.getByLabel("Filter by Tag");
    await expect(tagSelect.locator("option", { hasText: "patch" })).toHaveCount(1);
    const filtered = page.waitForResponse((r) => r.url().includes("/api/news?") && r.url().includes("tag=patch"));
    await tagSelect.selectOption("patch");
    await expect(page).toHaveURL(/\/news\?tag=patch$/);
    await filtered;
    await expect(newsCards(page).first()).toBeVisible();
    await expect(page.getByText("Active filters:")).toBeVisible();
    // Every card carries the tag (retrying assertions wait for the filtered list to render).
    await expect(newsCards(page).filter({ hasNot: page.getByRole("link", { name: "patch", exact: true }) })).toHaveCount(0);
    const count = await newsCards(page).count();
    expect(count).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByLabel("Filter by Tag")).toHaveValue("patch");
    await expect(newsCards(page)).toHaveCount(count);

    await page.getByRole("button", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByLabel("Filter by Tag")).toHaveValue("");
  });

  test("searches after typing stops: the URL carries ?search=, the match shows, reload keeps it", async ({ page }) => {
    await page.goto("/news?page=1");
    await expect(newsCards(page).first()).toBeVisible();
    const searched = page.waitForResponse((r) => r.url().includes("/api/news?") && r.url().includes("search=Tides"));
    await page.getByPlaceholder("Search articles...").fill("Tides");
    await searched;
    await expect(page).toHaveURL(/\/news\?search=Tides$/);
    await expect(page.getByRole("heading", { name: /Tides of Change/ })).toBeVisible();
    await page.reload();
    await expect(page.getByPlaceholder("Search articles...")).toHaveValue("Tides");
    await expect(page.getByRole("heading", { name: /Tides of Change/ })).toBeVisible();
    await expect(page).toHaveTitle("Latest News: “Tides” | Realm Codex");
  });

  test("a search with no match shows the filtered-empty message", async ({ page }) => {
    await page.goto("/news?search=zzqqxxnomatch");
    await expect(page.getByText("No articles match your filters.")).toBeVisible();
  });
});

test("a moderator creates a draft, publishes it, edits it and deletes it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `E2E dispatch ${Date.now()}`;
  await signInAsModerator(page);

  // Create as a draft.
  await page.goto("/admin/news/create");
  await expect(page.getByRole("heading", { name: "Create Article" })).toBeVisible();
  await expect(page.getByLabel("Publish article immediately")).toBeChecked();
  await expect(page.getByLabel("Author")).not.toHaveValue("");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("A short summary written by the browser test.");
  await page.getByLabel("Content").fill("First paragraph.\n\nSecond paragraph.");
  await page.getByLabel("Tags").fill(" e2e , , journey ");
  await page.getByLabel("Publish article immediately").uncheck();
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByTestId("article-updated")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "journey" })).toBeVisible();

  // A guest sees neither the draft on home nor the article page.
  {
    const guest = await guestPage(browser);
    await guest.page.goto("/");
    await expect(guest.page.getByRole("link", { name: "View All News" })).toBeVisible();
    await expect(guest.page.getByText(title)).toHaveCount(0);
    await guest.page.goto(`/news/${id}`);
    await expect(guest.page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await guest.close();
  }

  // The admin list shows it as a Draft; publish it from the editor.
  await page.goto("/admin/news");
  const row = page.getByTestId("admin-news-row").filter({ hasText: title });
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: `Edit "${title}"` }).click();
  await expect(page).toHaveURL(`/admin/news/edit/${id}`);
  await expect(page.getByLabel("Publish article immediately")).not.toBeChecked();
  await expect(page.getByLabel("Tags")).toHaveValue("e2e, journey");
  await page.getByLabel("Publish article immediately").check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/news/${id}`);

  // Published: the first card on home for a guest (the write started a new edge-cache generation;
  // the reload loop only absorbs the browser's own revalidation).
  {
    const guest = await guestPage(browser);
    await guest.page.goto("/");
    await expect(async () => {
      await guest.page.reload();
      await expect(guest.page.locator("main article").first().getByRole("heading")).toHaveText(title, { timeout: 2_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 5_000] });
    await guest.close();
  }

  // Edit through the article's Edit link (the /admin/news/{id}/edit spelling redirects too).
  await page.goto(`/admin/news/${id}/edit`);
  await expect(page).toHaveURL(`/admin/news/edit/${id}`);
  await page.goto(`/news/${id}`);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Summary").fill("An edited summary.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/news/${id}`);
  await expect(page.getByText("An edited summary.")).toBeVisible();
  await expect(page.getByTestId("article-updated")).toBeVisible();

  // Delete with the confirm.
  await page.goto("/admin/news");
  await page.getByRole("button", { name: `Delete "${title}"` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete article" });
  await expect(confirm).toContainText(`Are you sure you want to delete "${title}"?`);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("admin-news-row").filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/news/${id}`);
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
});

test("article content with markup is shown as text and runs nothing", async ({ page, request }) => {
  const { token } = await apiLogin(request, MODERATOR);
  const content = 'Before\n<script>window.__xss=1</script>\n<img src=x onerror="window.__xss=2">\nAfter';
  const res = await request.post("/api/news", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "E2E markup test", summary: "Markup <b>in</b> summary", content, author: "E2E", tags: ["e2e"], isPublished: true },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/news/${id}`);
  const body = page.getByTestId("article-content");
  await expect(body).toContainText("<script>window.__xss=1</script>");
  await expect(body).toContainText('<img src=x onerror="window.__xss=2">');
  await expect(body.locator("img, script")).toHaveCount(0);
  await expect(page.getByText("Markup <b>in</b> summary")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  const del = await request.delete(`/api/news/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(del.status()).toBe(204);
});

test("a missing article shows 'Article Not Found' with Go Back and View All News", async ({ page }) => {
  await page.goto("/news/999999");
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
  await page.getByRole("link", { name: "View All News" }).click();
  await expect(page).toHaveURL(/\/news$/);
});
