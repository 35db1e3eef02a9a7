import { expect, test } from "@playwright/test";

/**
 * The comment widget runs in a sandboxed frame without allow-same-origin: FastComments' script
 * gets an opaque origin and cannot read the site's session token. On local hosts (127.0.0.1)
 * the site shows a placeholder instead of the widget, so this file reaches the same server under
 * a non-local name that Chromium resolves to 127.0.0.1. (No network here: the widget's script
 * itself does not load, which the frame reports; the frame and its origin are what is tested.)
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const HOST = "realm-codex.test";
const origin = `http://${HOST}:${port}`;

test.use({
  baseURL: origin,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

const MODERATOR = { email: "moderator@example.com", password: "DemoPass!2025" };

test("an article's comments frame has an opaque origin and cannot read the signed-in page's token (200)", async ({ page }) => {
  // The test runner itself (not Chromium) does not know the name: it signs in at 127.0.0.1.
  const res = await page.request.post(`http://127.0.0.1:${port}/api/auth/login`, { data: MODERATOR });
  expect(res.status(), await res.text()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.goto("/news");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("authUser", u);
    },
    [token, JSON.stringify(user)] as const,
  );
  const article = page.locator('main a[href^="/news/"]').filter({ hasNotText: /^$/ });
  const href = await article.first().getAttribute("href");
  expect(href).toMatch(/^\/news\/\d+$/);
  // The app has hydrated and the moderator's own reads have settled (the page renders once more then).
  await page.goto(href!, { waitUntil: "networkidle" });
  await expect(page.locator("html[data-app]")).toHaveCount(1);
  await page.getByRole("heading", { name: "Comments" }).scrollIntoViewIfNeeded();

  const frameElement = page.getByTestId("comments-frame");
  await expect(frameElement).toHaveAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms");
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  expect(frame).not.toBeNull();
  await expect.poll(() => frame!.url()).toBe(`${origin}/comments-frame`);
  const inside = await frame!.evaluate(() => {
    let storage: string;
    try {
      storage = `read:${String(window.localStorage.getItem("authToken"))}`;
    } catch (error) {
      storage = `threw:${(error as Error).name}`;
    }
    let cookies: string;
    try {
      cookies = `read:${document.cookie}`;
    } catch (error) {
      cookies = `threw:${(error as Error).name}`;
    }
    return { origin: self.origin, storage, cookies };
  });
  expect(inside.origin).toBe("null");
  expect(inside.storage).toBe("threw:SecurityError");
  expect(inside.cookies).toBe("threw:SecurityError");
  // The parent page is signed in all along.
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBe(token);
});
