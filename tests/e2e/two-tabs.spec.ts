import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { decodeJwt, SignJWT } from "jose";

/**
 * Two tabs of one browser stay signed in across access-token expiries: when the token they share
 * has expired, the tabs refresh it once between them (one Web Lock, the other tab takes the
 * token from storage), and neither is sent to /login. The expiry is made real without waiting an
 * hour: the spec re-signs the session's own token (same session and generation) with the local
 * server's secret from .dev.vars and an `exp` in the past, as a token looks after a laptop slept.
 */
const DEMO_PASSWORD = "DemoPass!2025";

function localSecret(): string {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((l) => l.startsWith("JWT_SECRET="));
  if (!line) throw new Error(".dev.vars has no JWT_SECRET (the e2e server writes one)");
  return line.slice("JWT_SECRET=".length).trim().replace(/^"|"$/g, "");
}

/** The same session's token, expired a minute ago. */
async function expired(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, gen: claims.gen })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setAudience(claims.aud as string)
    .setIssuedAt(now - 3660)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(localSecret()));
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("authToken"));

test("two tabs signed in together survive two access-token expiries: one refresh each time, neither tab signs out", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const email = `two-tabs-${Date.now().toString(36)}@example.com`;
  const registered = await request.post("/api/auth/register", { data: { email, password: DEMO_PASSWORD, firstName: "Twin", lastName: "Tabs" } });
  // Registering answers 202 and signs nobody in: sign in with the new password.
  expect(registered.status()).toBe(202);
  const signedIn = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const session = (await signedIn.json()) as { token: string; user: unknown };

  const context = await browser.newContext();
  const [first, second] = [await context.newPage(), await context.newPage()];
  let refreshes = 0;
  let unauthorized = 0;
  for (const page of [first, second]) {
    page.on("request", (req) => {
      if (req.url().endsWith("/api/auth/refresh")) {
        refreshes++;
      }
    });
    page.on("response", (res) => {
      if (res.status() === 401 && res.url().includes("/api/")) unauthorized++;
    });
  }

  await first.goto("/");
  await first.evaluate(([token, user]) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("authUser", user);
  }, [session.token, JSON.stringify(session.user)] as const);
  await Promise.all([first.goto("/profile"), second.goto("/profile")]);
  for (const page of [first, second]) await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();

  for (let round = 1; round <= 2; round++) {
    const before = await storedToken(first);
    const stale = await expired(before!);
    // The second tab steps away while the first stores the expired token (a storage event would
    // let it refresh on its own at once), then both open the profile at the same moment: both
    // need a fresh token at once.
    await second.goto("about:blank");
    await first.evaluate((token) => localStorage.setItem("authToken", token), stale);
    await first.goto("about:blank");
    refreshes = 0;
    await Promise.all([first.goto("/profile"), second.goto("/profile")]);
    for (const page of [first, second]) {
      await expect(page.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/profile$/);
    }
    await expect.poll(() => storedToken(first)).not.toBe(stale);
    const fresh = await storedToken(first);
    expect(await storedToken(second)).toBe(fresh);
    expect(refreshes, `round ${round}: refresh calls`).toBe(1);
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${fresh}` } });
    expect(me.status()).toBe(200);
    // Both tabs keep working: a signed-in page in each.
    await Promise.all([first.goto("/"), second.goto("/profile")]);
    await expect(second.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
    await first.goto("/profile");
    await expect(first.getByRole("heading", { name: "My Profile", level: 1 })).toBeVisible();
  }
  expect(unauthorized).toBe(0);
  await context.close();
});
