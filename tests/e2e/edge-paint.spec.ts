import { expect, test, type Page } from "@playwright/test";
import { paintedGeometryTests, type PaintedCase } from "./support/painted";

type NewsList = { items: { id: number; title: string; tags: string[] }[] };

/** Loads `path` in a fresh page and returns the /api requests it made until the network was idle. */
async function firstLoad(page: Page, path: string) {
  const apiRequests: string[] = [];
  const problems: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api/")) apiRequests.push(req.url());
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(path, { waitUntil: "networkidle" });
  return { apiRequests, problems };
}

async function latestArticle(page: Page) {
  const res = await page.request.get("/api/news?pageSize=1");
  expect(res.status()).toBe(200);
  const article = ((await res.json()) as NewsList).items[0];
  expect(article, "the seeded site has a published article").toBeTruthy();
  return article!;
}

test.describe("first view of public pages for a guest: painted from the HTML", () => {
  test("/ shows the latest articles with no /api request and no hydration warning", async ({ page }) => {
    const article = await latestArticle(page);
    const { apiRequests, problems } = await firstLoad(page, "/");
    await expect(page.getByRole("heading", { name: "Welcome to Realm Codex" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Read More: ${article.title}` })).toBeVisible();
    expect(apiRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("/news?tag=… shows the filtered list and the filter options with no /api request", async ({ page }) => {
    const article = await latestArticle(page);
    const tag = article.tags[0]!;
    const { apiRequests, problems } = await firstLoad(page, `/news?tag=${encodeURIComponent(tag)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    await expect(page.getByRole("heading", { name: article.title })).toBeVisible();
    await expect(page.getByRole("combobox", { name: /tag/i })).toHaveValue(tag);
    expect(apiRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("/news/{id} shows the article with no /api request", async ({ page }) => {
    const article = await latestArticle(page);
    const { apiRequests, problems } = await firstLoad(page, `/news/${article.id}`);
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByTestId("article-content")).not.toBeEmpty();
    expect(apiRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("later navigation reads through the API as before", async ({ page }) => {
    const article = await latestArticle(page);
    const { apiRequests } = await firstLoad(page, "/");
    await page.getByRole("link", { name: `Read More: ${article.title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    expect(apiRequests.map((u) => new URL(u).pathname)).toEqual([`/api/news/${article.id}`]);
  });
});

test.describe("LCP first", () => {
  test("/news/{id}: the HTML preloads the article image (high priority) and lists the route's code for the app loader; the image loads eagerly", async ({ page }) => {
    const list = (await (await page.request.get("/api/news?pageSize=20")).json()) as { items: { id: number; imageUrl: string | null }[] };
    const article = list.items.find((a) => a.imageUrl)!;
    expect(article, "the seeded site has an article with an image").toBeTruthy();
    const html = await (await page.request.get(`/news/${article.id}`)).text();
    expect(html).toContain(`<link rel="preload" as="image" href="${article.imageUrl}" fetchpriority="high">`);
    // The route's code is not fetched before the page has painted: the app loader preloads it after load.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script type="application\/json" id="route-modules">\[[^\]]*"\/assets\/news-article-[^"]+\.js"/);
    await page.goto(`/news/${article.id}`);
    const image = page.locator("article img").first();
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("loading", "eager");
  });

  test("/: the first news card's image is high priority, the others lazy, and every image has width and height", async ({ page }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    const cards = page.locator('section[aria-labelledby="home-latest"] img');
    await expect(cards.first()).toHaveAttribute("fetchpriority", "high");
    const count = await cards.count();
    for (let i = 1; i < count; i++) await expect(cards.nth(i)).toHaveAttribute("loading", "lazy");
    const missing = await page.locator("img:not([width]), img:not([height])").count();
    expect(missing).toBe(0);
  });
});

test.describe("Boot in short tasks", () => {
  test("the app loader fetches and runs React's chunk first, then the app's entry: React is not in the entry", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    const [, entry, first] = html.match(/<script data-entry="([^"]+)" data-first="([^"]+)">/) ?? [];
    expect(first, "the loader names the libraries' chunk").toMatch(/^\/assets\/libraries-[\w-]+\.js$/);
    const [libraries, app] = await Promise.all([first!, entry!].map(async (path) => (await page.request.get(path)).text()));
    expect(libraries).toContain("react.transitional.element");
    expect(app).not.toContain("react.transitional.element");
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    await page.goto("/");
    await expect(page.locator("html[data-app]")).toBeAttached();
    expect(scripts[0]).toBe(first);
    expect(scripts).toContain(entry);
  });
});

/** Boxes of the header's parts, rounded to whole pixels. */
async function headerGeometry(page: Page) {
  const banner = page.getByRole("banner");
  const parts = [
    banner,
    banner.getByRole("link", { name: "Realm Codex home" }),
    ...["Home", "News", "Factions", "Screenshots", "Forum"].map((name) =>
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }),
    ),
    banner.getByRole("search", { name: "Site" }),
    banner.getByRole("button", { name: /Switch/ }),
    banner.getByRole("link", { name: "Sign In" }),
    banner.getByRole("link", { name: "Sign Up" }),
  ];
  const boxes = [];
  for (const part of parts) {
    const box = await part.boundingBox();
    expect(box).not.toBeNull();
    boxes.push([box!.x, box!.y, box!.width, box!.height].map(Math.round));
  }
  return boxes;
}

test.describe("the prerendered shell", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("without JavaScript the header, its links and the footer are in the HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/news");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("An unofficial fan site");
    await context.close();
  });

  test("the shell and the running app have the same header geometry", async ({ browser, page }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const shell = await context.newPage();
    await shell.goto("/news");
    const before = await headerGeometry(shell);
    await context.close();

    await page.goto("/news");
    // Hydrated: the current page's link is marked.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News", exact: true })).toHaveAttribute("aria-current", "page");
    expect(await headerGeometry(page)).toEqual(before);
  });

  test("a signed-in moderator with the dark theme: the app takes over the shell with no hydration error", async ({ page }) => {
    const res = await page.request.post("/api/auth/login", { data: { email: "moderator@example.com", password: "DemoPass!2025" } });
    expect(res.status()).toBe(200);
    const { token, user } = (await res.json()) as { token: string; user: unknown };
    await page.addInitScript(
      ([t, u]) => {
        localStorage.setItem("authToken", t);
        localStorage.setItem("authUser", u);
        localStorage.setItem("theme", "dark");
      },
      [token, JSON.stringify(user)] as const,
    );
    const problems: string[] = [];
    page.on("console", (msg) => (msg.type() === "error" || msg.type() === "warning") && problems.push(msg.text()));
    page.on("pageerror", (err) => problems.push(err.message));
    await page.goto("/news", { waitUntil: "networkidle" });
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Admin" })).toBeVisible();
    await expect(banner.getByRole("button", { name: /^Account: / })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the theme script is inline and allowed by its CSP hash (no 'unsafe-inline' for scripts)", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    const res = await page.goto("/");
    const csp = res!.headers()["content-security-policy"]!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await page.locator('script[src$="theme-init.js"]').count()).toBe(0);
    expect(errors.filter((e) => e.includes("Content Security Policy"))).toEqual([]);
  });

  test("the shell's styles are in the HTML: the first paint waits for no stylesheet request", async ({ page }) => {
    const styleRequests: string[] = [];
    page.on("request", (req) => req.resourceType() === "stylesheet" && styleRequests.push(req.url()));
    await page.goto("/");
    expect(await page.locator('head link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.locator("head style").count()).toBeGreaterThan(0);
    // The styles apply: the header is the 4rem sticky bar.
    const header = await page.getByRole("banner").evaluate((el) => ({ position: getComputedStyle(el).position }));
    expect(header.position).toBe("sticky");
    expect(styleRequests).toEqual([]);
  });
});

test.describe("content painted by the Worker before JavaScript", () => {
  const cases: PaintedCase[] = [
    { name: "/news/{id}", path: async (page: Page) => `/news/${(await latestArticle(page)).id}`, selectors: ["main h1", "main article img", '[data-testid="article-content"]', "main dl"] },
    {
      name: "/news?tag=…",
      path: async (page: Page) => `/news?tag=${encodeURIComponent((await latestArticle(page)).tags[0]!)}`,
      selectors: ["main h1", 'section[aria-label="Filter articles"]', "main article img", "main article h2"],
    },
    { name: "/", path: async () => "/", selectors: ["main h1", 'section[aria-labelledby="home-latest"] h2', 'section[aria-labelledby="home-latest"] article img', 'section[aria-labelledby="home-latest"] article h3'] },
  ];
  paintedGeometryTests(cases);
});
