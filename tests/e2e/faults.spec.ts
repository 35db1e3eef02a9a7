import { expect, test } from "@playwright/test";

/**
 * The database down: the browser tests' server honours the test-only fault header (see
 * scripts/e2e-server.ts), so every request of these pages finds D1 unavailable. The API answers
 * 503 `service_unavailable`; the pages must show their error states (never a blank page), keep a
 * signed-in visitor signed in, and recover once the database is back.
 */
const DOWN = { "X-Fault-Injection": "d1-unavailable, edge-cache-miss" };
const UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";

test("with the database down, the factions and news pages answer 503 with the server's reason and a retry, then recover", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: DOWN });
  const page = await context.newPage();
  const apiStatuses: number[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/api/")) apiStatuses.push(res.status());
  });

  // The page's loader read fails on the Worker: the route's error element, answered 503.
  const factions = await page.goto("/factions");
  expect(factions?.status()).toBe(503);
  const unavailable = page.getByRole("heading", { level: 1, name: "Temporarily unavailable" });
  await expect(unavailable).toBeVisible();
  await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
  // The site's frame is there around the error: a navigation, not a blank page.
  await expect(page.getByRole("navigation").first()).toBeVisible();

  const news = await page.goto("/news");
  expect(news?.status()).toBe(503);
  await expect(unavailable).toBeVisible();
  // Try again while the database is still down: the browser's loader reads the API, which answers 503 too.
  await page.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => apiStatuses.length).toBeGreaterThan(0);
  expect(apiStatuses.every((s) => s === 503)).toBe(true);
  await expect(unavailable).toBeVisible();

  // The database is back: Try again loads the page, and so does a new visit.
  await context.setExtraHTTPHeaders({});
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
  await page.goto("/factions");
  await expect(unavailable).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await context.close();
});

test("a signed-in visitor is not signed out by an outage", async ({ browser, request }) => {
  const email = `outage-${Date.now().toString(36)}@example.com`;
  const registered = await request.post("/api/auth/register", { data: { email, password: "DemoPass!2025", firstName: "Out", lastName: "Age" } });
  // Registering answers 202 and signs nobody in: sign in with the new password.
  expect(registered.status()).toBe(202);
  const signedIn = await request.post("/api/auth/login", { data: { email, password: "DemoPass!2025" } });
  expect(signedIn.status()).toBe(200);
  const session = (await signedIn.json()) as { token: string; user: unknown };
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate(([token, user]) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("authUser", user);
  }, [session.token, JSON.stringify(session.user)] as const);

  await context.setExtraHTTPHeaders(DOWN);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBe(session.token);

  await context.setExtraHTTPHeaders({});
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBe(session.token);
  await context.close();
});
