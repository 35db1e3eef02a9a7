import { expect, test, type Browser } from "@playwright/test";

/**
 * The Worker's edge metadata on the real built index.html: what a crawler or a link preview sees
 * with JavaScript off. (tests/worker/seo.test.ts covers the builders and the escaping.)
 */

type ListItem = { id: number; title: string; summary: string; imageUrl: string | null };

/** A page with JavaScript disabled, so only the HTML the Worker served is seen. */
async function withoutJs(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

const ldTypes = (blocks: string[]) => blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);

test("/ carries the home title, canonical, Open Graph and WebSite + VideoGame JSON-LD without JavaScript", async ({ browser }) => {
  const { page, close } = await withoutJs(browser);
  const res = await page.goto("/");
  expect(res!.status()).toBe(200);
  expect(res!.headers()["x-frame-options"]).toBe("DENY");
  expect(res!.headers()["content-security-policy"]).toContain("default-src 'self'");
  await expect(page).toHaveTitle("Home | Realm Codex");
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/news/feed.xml");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ldTypes(blocks)).toEqual(["WebSite", "VideoGame"]);
  // The built SPA bundle is still referenced (by the app loader, which runs it after the page has loaded).
  expect(await page.locator('script[data-entry^="/assets/"]').count()).toBe(1);
  await close();
});

test("/news/{id} carries the article's title, description, og:type article and NewsArticle + BreadcrumbList", async ({ browser, request }) => {
  const list = (await (await request.get("/api/news?pageSize=1")).json()) as { items: ListItem[] };
  const article = list.items[0]!;
  expect(article).toBeTruthy();
  const { page, close } = await withoutJs(browser);
  const res = await page.goto(`/news/${article.id}`);
  expect(res!.status()).toBe(200);
  await expect(page).toHaveTitle(`${article.title} | Realm Codex`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", article.summary);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`/news/${article.id}$`));
  if (article.imageUrl) {
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^https?:\/\//);
  }
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ldTypes(blocks)).toEqual(["NewsArticle", "BreadcrumbList"]);
  expect(JSON.parse(blocks[0]!)).toMatchObject({ headline: article.title });
  await close();
});

test("/news carries the list title and a breadcrumb", async ({ request }) => {
  const res = await request.get("/news");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>Latest News | Realm Codex</title>");
  expect(html).toContain('"@type":"BreadcrumbList"');
});

test("an unknown article id answers 404 with the SPA's HTML, which shows 'Article Not Found'", async ({ page, request }) => {
  const res = await request.get("/news/999999");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("text/html");
  const html = await res.text();
  expect(html).toContain('<div id="root">');
  expect(html).toContain('<meta name="robots" content="noindex">');
  await page.goto("/news/999999");
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
});

test("/sitemap.xml, /robots.txt and /news/feed.xml answer with their content types", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  // A sitemap index; its news child lists the articles.
  const news = (await sitemap.text()).match(/<loc>(https?:\/\/[^<]+\/sitemaps\/news-1\.xml)<\/loc>/);
  expect(news).not.toBeNull();
  const child = await request.get(new URL(news![1]!).pathname);
  expect(child.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(await child.text()).toMatch(/<loc>https?:\/\/[^<]+\/news\/\d+<\/loc><lastmod>/);

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await robots.text()).toContain("Disallow: /admin");

  const feed = await request.get("/news/feed.xml");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(await feed.text()).toContain("<entry>");
});
