import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN, MODERATOR, apiLogin, signIn } from "./support/session";

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new pending item the moderator uploads (its original is a seeded demo file, as an upload's would be). */
async function upload(request: APIRequestContext, token: string, title: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const list = await request.get("/api/media?approvedOnly=true&pageSize=1", { headers: auth });
  const seeded = ((await list.json()) as { items: { originalUrl: string; categoryId: number }[] }).items[0]!;
  const res = await request.post("/api/media", {
    headers: auth,
    data: { title, description: "Made by a browser test.", mediaType: "image", categoryId: seeded.categoryId, originalUrl: seeded.originalUrl.split("?")[0] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

const row = (page: Page, title: string) => page.getByTestId("admin-media-row").filter({ hasText: title });

async function asGuest(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("the moderation queue", () => {
  test("an uploader's item is approved from the queue and appears in the gallery; a rejected one shows the uploader the reason", async ({ browser, page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The moderator uploads two items...
    const uploader = await apiLogin(page.request, MODERATOR);
    const approveMe = unique("Queue approve");
    const rejectMe = unique("Queue reject");
    const approved = await upload(page.request, uploader.token, approveMe);
    const rejected = await upload(page.request, uploader.token, rejectMe);

    // ...the admin's dashboard says media wait, and its link opens the queue.
    const adminToken = await signIn(page, ADMIN);
    await page.goto("/admin/dashboard");
    const waiting = page.getByTestId("media-waiting");
    await expect(waiting).toHaveText(/^\d+ media waiting/);
    await waiting.click();
    await expect(page).toHaveURL(/\/admin\/media\?status=pending$/);
    await expect(page.getByRole("button", { name: /^Pending \(\d+\)$/ })).toHaveAttribute("aria-pressed", "true");
    await expect(row(page, approveMe)).toContainText("Uploaded by Milo Ferris");

    // Approve one from the queue: it leaves the queue.
    await page.getByRole("button", { name: `Approve "${approveMe}"` }).click();
    await expect(page.getByText(`Approved “${approveMe}”.`)).toBeVisible();
    await expect(row(page, approveMe)).toHaveCount(0);

    // Reject the other: a reason is required.
    await page.getByRole("button", { name: `Reject "${rejectMe}"` }).click();
    const dialog = page.getByRole("dialog", { name: `Reject “${rejectMe}”` });
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog.getByText("Say why the item is rejected: its uploader reads it.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("The same picture as another item.");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, rejectMe)).toHaveCount(0);
    await page.getByRole("button", { name: /^Rejected/ }).click();
    await expect(row(page, rejectMe)).toContainText("Reason: The same picture as another item.");

    // A guest finds the approved item in the gallery, not the rejected one.
    await asGuest(browser, async (guest) => {
      await guest.goto("/screenshots");
      await expect(guest.getByRole("button", { name: approveMe })).toBeVisible();
      await expect(guest.getByRole("button", { name: rejectMe })).toHaveCount(0);
    });

    // The uploader sees both states on their profile, with the reason.
    await signIn(page, MODERATOR);
    await page.goto("/profile");
    const uploads = page.getByRole("region", { name: "Your Uploads" });
    await expect(uploads.getByTestId("my-upload").filter({ hasText: approveMe })).toContainText("Approved");
    await expect(uploads.getByTestId("my-upload").filter({ hasText: rejectMe })).toContainText("Reason: The same picture as another item.");

    // Leave the shared gallery as it was.
    for (const { id } of [approved, rejected]) {
      expect((await page.request.delete(`/api/media/${id}`, { headers: { Authorization: `Bearer ${adminToken}` } })).status()).toBe(204);
    }
  });

  test("a selection is approved at once; an item deleted meanwhile is reported and the rest approved", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await signIn(page, MODERATOR);
    const titles = [unique("Bulk one"), unique("Bulk two"), unique("Bulk gone")];
    const items = [];
    for (const title of titles) items.push(await upload(page.request, token, title));
    await page.goto("/admin/media?status=pending");
    for (const title of titles) await expect(row(page, title)).toBeVisible();
    for (const title of titles) await page.getByLabel(`Select "${title}"`).check();
    await expect(page.getByText("3 selected")).toBeVisible();
    // Someone deletes one of them before the moderator approves.
    expect((await page.request.delete(`/api/media/${items[2]!.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
    await page.getByRole("button", { name: "Approve selected" }).click();
    await expect(page.getByText("Approved 2 items.")).toBeVisible();
    const alert = page.getByRole("alert").filter({ hasText: "not approved" });
    await expect(alert).toContainText(`“${titles[2]}”: Media item not found.`);
    for (const title of titles.slice(0, 2)) await expect(row(page, title)).toHaveCount(0);
    for (const { id } of items.slice(0, 2)) {
      expect((await page.request.delete(`/api/media/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
    }
  });
});

test.describe("news images from the media library", () => {
  test("a news article gets an image from the library with alt text, and the article shows it", async ({ browser, page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await signIn(page, MODERATOR);
    const title = unique("Library image");
    await page.goto("/admin/news/create");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("An article with a picture from the gallery.");
    await page.getByLabel("Content").fill("Line one.\nLine two.");
    // A seeded library image that has alt text (other tests add images without it).
    const library = await page.request.get("/api/media?approvedOnly=true&mediaType=image&pageSize=100");
    const described = ((await library.json()) as { items: { title: string; altText: string }[] }).items.find((i) => i.altText)!;
    await page.getByRole("button", { name: "Choose from media for the image" }).click();
    const picker = page.getByRole("dialog", { name: "Choose image" });
    await picker.getByLabel("Search images").fill(described.title);
    await picker.getByRole("button", { name: `Use ${described.title}`, exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/^\/files\//);
    // The library's alt text came along; the editor writes their own.
    await expect(page.getByLabel("Image alt text")).toHaveValue(described.altText);
    const alt = `Banners over the ${title} camp at dusk.`;
    await page.getByLabel("Image alt text").fill(alt);
    await page.getByRole("button", { name: "Create Article" }).click();
    await expect(page).toHaveURL(/\/news\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    await expect(page.getByRole("img", { name: alt })).toBeVisible();
    // A guest gets the same image and its description in the Worker's HTML, for link previews too.
    await asGuest(browser, async (guest) => {
      const res = await guest.request.get(`/news/${id}`);
      const html = await res.text();
      expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
      await guest.goto(`/news/${id}`);
      await expect(guest.getByRole("img", { name: alt })).toBeVisible();
      await guest.goto("/news");
      await expect(guest.locator("article").filter({ hasText: title }).getByRole("img", { name: alt })).toBeVisible();
    });

    expect((await page.request.delete(`/api/news/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
  });
});

test.describe("admin lists on phones", () => {
  test("news, media and users read as one card per item at 390 px, with nothing scrolling sideways inside a box", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    const lists = [
      { path: "/admin/news", rows: page.getByTestId("admin-news-row") },
      { path: "/admin/media?status=all", rows: page.getByTestId("admin-media-row") },
      { path: "/admin/users", rows: page.locator('section[aria-label="Users"][aria-busy="false"] > ul > li') },
    ];
    for (const { path, rows } of lists) {
      await page.goto(path);
      await expect(rows.first()).toBeVisible();
      // A card: its own border, inside the screen's width.
      const cards = await rows.evaluateAll((els) =>
        els.slice(0, 5).map((el) => ({ border: getComputedStyle(el).borderTopWidth, right: el.getBoundingClientRect().right })),
      );
      for (const card of cards) {
        expect(card.border, path).not.toBe("0px");
        expect(card.right, path).toBeLessThanOrEqual(390);
      }
      const scrollers = await page.locator("main").evaluate((main) =>
        [...main.querySelectorAll("*")]
          .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
      expect(scrollers, path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});
