import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { scriptJson } from "../../worker/pages/document";
import { call, initialMissing, pageMain, userWithToken, visibleText } from "./helpers";

const HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 & ' \"";
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

async function insertArticle(fields: { title: string; summary?: string; tag: string; published?: boolean; imageUrl?: string }) {
  const published = fields.published ?? true;
  const row = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at, image_url)
     VALUES (?1, ?2, ?3, 'Page Tester', ?4, CASE WHEN ?4 = 1 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END, ?5) RETURNING id`,
  )
    .bind(fields.title, fields.summary ?? "A summary", `Body ${HOSTILE}`, published ? 1 : 0, fields.imageUrl ?? null)
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, ?2, 0)").bind(row!.id, fields.tag).run();
  return row!.id;
}

/** The JSON of `<script type="application/json" id="initial-data">`, or null when absent. */
function initialData(html: string): Record<string, unknown> | null {
  const match = html.match(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

async function apiJson(path: string): Promise<unknown> {
  const res = await call(path);
  expect(res.status).toBe(200);
  return res.json();
}

const ids = { plain: 0, hostile: 0, draft: 0, pictured: 0 };
const IMAGE = `/files/news/${unique("lcp")}.jpg?a=1&b="x"`;
const tag = unique("pages");
beforeAll(async () => {
  ids.plain = await insertArticle({ title: "Edge painted article", tag });
  ids.hostile = await insertArticle({ title: `Hostile ${HOSTILE}`, summary: `Summary ${HOSTILE}`, tag });
  ids.draft = await insertArticle({ title: "Draft never injected", tag, published: false });
  ids.pictured = await insertArticle({ title: "Pictured", tag: unique("pictured"), imageUrl: IMAGE });
});

describe("pages painted at the edge: the largest image first", () => {
  const preload = `<link rel="preload" as="image" href="${IMAGE.replace(/&/g, "&#38;").replace(/"/g, "&#34;")}" fetchpriority="high">`;

  it("GET /news/{id} preloads the article's image with fetchpriority=high, escaped (200)", async () => {
    const res = await call(`/news/${ids.pictured}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf("</head>"));
  });

  it("GET / preloads the first news card's image (the newest article) (200)", async () => {
    const latest = (await apiJson("/api/news?pageSize=3")) as { items: { imageUrl: string | null }[] };
    const html = await (await call("/")).text();
    // Inserted last, so it is the newest article of this file's database.
    expect(latest.items[0]?.imageUrl).toBe(IMAGE);
    expect(html).toContain(preload);
  });

  it("an article without an image preloads none (200)", async () => {
    const html = await (await call(`/news/${ids.plain}`)).text();
    expect(html).not.toContain('rel="preload" as="image"');
  });
});

describe("pages painted at the edge: first API answers in the HTML", () => {
  it("GET / carries the answer of GET /api/news?pageSize=3 under that key (200)", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    const data = initialData(await res.text());
    expect(Object.keys(data!)).toEqual(["/api/news?pageSize=3"]);
    expect(data!["/api/news?pageSize=3"]).toEqual(await apiJson("/api/news?pageSize=3"));
  });

  it("GET /news?tag=… carries the filtered list and the filter options, equal to the API's answers (200)", async () => {
    const res = await call(`/news?tag=${encodeURIComponent(tag)}&page=1`);
    expect(res.status).toBe(200);
    const data = initialData(await res.text())!;
    const listKey = `/api/news?tag=${encodeURIComponent(tag)}`;
    expect(Object.keys(data).sort()).toEqual(["/api/news/filters", listKey]);
    const list = await apiJson(listKey);
    expect(data[listKey]).toEqual(list);
    expect((list as { items: { id: number }[] }).items.map((a) => a.id)).toEqual([ids.hostile, ids.plain]);
    expect(data["/api/news/filters"]).toEqual(await apiJson("/api/news/filters"));
  });

  it("GET /news/{id} carries the article exactly as GET /api/news/{id} answers it (200)", async () => {
    const res = await call(`/news/${ids.plain}`);
    expect(res.status).toBe(200);
    const data = initialData(await res.text())!;
    expect(data).toEqual({ [`/api/news/${ids.plain}`]: await apiJson(`/api/news/${ids.plain}`) });
  });

  it("a draft, an unknown or a malformed article id is a 404 page without injected data", async () => {
    for (const path of [`/news/${ids.draft}`, "/news/999999999", "/news/abc"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(initialData(html), path).toBeNull();
      expect(html).not.toContain("Draft never injected");
    }
  });

  it("a request carrying Authorization gets the page (200) but no injected data", async () => {
    const { token } = await userWithToken(["Moderator"]);
    for (const path of ["/", `/news?tag=${encodeURIComponent(tag)}`, `/news/${ids.plain}`]) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(initialData(html), path).toBeNull();
      expect(html, path).not.toContain('id="initial-data"');
    }
  });

  it("hostile article text cannot end the script element or inject markup, and parses back intact (200)", async () => {
    const res = await call(`/news/${ids.hostile}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const body = html.slice(html.indexOf("<body"));
    // Only the page's data elements open scripts in the body; no raw separators.
    const scripts = body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((tag) => /^<script type="application\/json" id="(initial-data|route-modules)">$/.test(tag)), scripts.join()).toBe(true);
    expect(body).not.toContain("alert(1)</script>");
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(body).not.toContain("<!--");
    const article = initialData(html)![`/api/news/${ids.hostile}`] as { title: string; summary: string; content: string };
    expect(article.title).toBe(`Hostile ${HOSTILE}`);
    expect(article.content).toBe(`Body ${HOSTILE}`);
  });

  it("scriptJson escapes <, >, &, U+2028 and U+2029 and stays JSON that parses to the same value", () => {
    const value = { a: HOSTILE, b: [1, null, true], c: { "</script>": "x" } };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("the page's metadata comes from the same answer (article title in <title>)", async () => {
    const html = await (await call(`/news/${ids.plain}`)).text();
    expect(html).toContain("<title>Edge painted article | Realm Codex</title>");
  });
});

describe("news pages rendered by React on the Worker: the first view in the HTML", () => {
  it("GET /news/{id} renders the article (title, summary, byline, content, image) into the page (200)", async () => {
    const res = await call(`/news/${ids.pictured}`);
    expect(res.status).toBe(200);
    const main = pageMain(await res.text())!;
    const text = visibleText(main);
    expect(main).toMatch(/<h1 [^>]*>Pictured<\/h1>/);
    expect(text).toContain("A summary");
    expect(text).toContain("By Page Tester");
    expect(main).toContain(`src="${IMAGE.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`);
    expect(main).toContain('fetchPriority="high"');
    expect(main).toContain('data-testid="article-content"');
    expect(text).toContain("Body </script><script>alert(1)</script>");
  });

  it("hostile article text is rendered as text: no element, script or comment comes from it (200)", async () => {
    const main = pageMain(await (await call(`/news/${ids.hostile}`)).text())!;
    expect(main).toContain("Hostile &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#8232;&#8233; &amp; &#x27; &quot;");
    expect(main).not.toContain("<script");
    expect(main).not.toContain("<!-- \u2028");
    expect(main).not.toMatch(/[\u2028\u2029]/);
  });

  it("GET / renders the hero and the latest articles' cards, the first image high priority, the others lazy (200)", async () => {
    const main = pageMain(await (await call("/")).text())!;
    expect(main).toContain('data-testid="home-hero"');
    const latest = (await apiJson("/api/news?pageSize=3")) as { items: { id: number; title: string }[] };
    for (const article of latest.items) expect(main).toContain(`href="/news/${article.id}"`);
    const images = [...main.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    if (images.length) {
      expect(images[0]).toContain('fetchPriority="high"');
      for (const img of images.slice(1)) expect(img).toContain('loading="lazy"');
    }
  });

  it("GET /news?tag=… renders the filter card with the tag selected and the filtered articles' cards (200)", async () => {
    const main = pageMain(await (await call(`/news?tag=${encodeURIComponent(tag)}`)).text())!;
    expect(main).toMatch(/<h1 [^>]*>Latest News<\/h1>/);
    expect(main).toContain(`<option value="${tag}" selected="">${tag}</option>`);
    expect(visibleText(main)).toContain(`Tag: ${tag}`);
    expect(main).toContain(`href="/news/${ids.plain}"`);
    expect(main).toContain("Hostile &lt;/script&gt;");
    expect(main).not.toContain(`href="/news/${ids.draft}"`);
  });

  it("a missing or draft article's 404 page renders 'Article Not Found' and carries the API's 404 answer", async () => {
    for (const id of [999999999, ids.draft]) {
      const res = await call(`/news/${id}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      const main = pageMain(html)!;
      expect(main).toMatch(/<h1 [^>]*>Article Not Found<\/h1>/);
      expect(visibleText(main)).toContain("The article you are looking for does not exist or has been removed.");
      expect(main).toContain('href="/news"');
      expect(main).not.toContain("Draft never injected");
      expect(html).toContain("<title>Article Not Found | Realm Codex</title>");
      expect(html).toContain('<meta name="robots" content="noindex">');
      // The SPA starts from the same 404 the API gives a guest, so it asks nothing again.
      const api = await call(`/api/news/${id}`);
      expect(api.status).toBe(404);
      expect(initialMissing(html)).toEqual({ [`/api/news/${id}`]: await api.json() });
      expect(initialData(html)).toBeNull();
    }
  });

  it("a request with Authorization gets the page without answers (its loading state), a found page no 404 answers", async () => {
    const { token } = await userWithToken(["Moderator"]);
    for (const path of [`/news/${ids.plain}`, `/news/${ids.draft}`, "/news/999999999"]) {
      const html = await (await call(path, { token })).text();
      expect(pageMain(html), path).not.toContain("Edge painted article");
      expect(initialData(html)).toBeNull();
      expect(initialMissing(html)).toBeNull();
    }
    expect(initialMissing(await (await call(`/news/${ids.plain}`)).text())).toBeNull();
  });
});

