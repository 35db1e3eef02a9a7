import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Demo accounts from scripts/demo/accounts.ts (seeded by scripts/e2e-server.ts). */
export const DEMO_PASSWORD = "DemoPass!2025";
export const MODERATOR = "moderator@example.com";
export const ADMIN = "admin@example.com";

/** Signs in through the API (200 expected) and returns the session the app would store. */
export async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; user: unknown };
}

/**
 * Signs the page in the way the app does (authToken + authUser in localStorage), after opening
 * `setupPath` on the site's origin. The caller navigates (or reloads) to see the signed-in app.
 */
export async function signIn(page: Page, email: string, setupPath = "/") {
  const { token, user } = await apiLogin(page.request, email);
  await page.goto(setupPath);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("authUser", u);
    },
    [token, JSON.stringify(user)] as const,
  );
  return token;
}
