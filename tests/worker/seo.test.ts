import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_SHELL, renderTemplate, shellTemplate, type PageParts } from "../../worker/pages/document";
import type { PageMeta } from "@shared/seo";
import { escapeXml } from "../../worker/lib/seo-documents";
import { THEME_INIT_SCRIPT } from "../../worker/lib/security-headers";
import { absoluteUrl, headTags, homeMeta, jsonLdText, newsArticleMeta } from "@shared/seo";
import { call, sitemapChildren } from "./helpers";

const SITE = env.SITE_URL.replace(/\/$/, "");
const XSS = "</script><script>alert(1)</script>";

/** The SPA shell as web/index.html has it (defaults the Worker must replace). */
const FIXTURE = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta property="og:locale" content="en_US" />
    <meta property="og:site_name" content="Realm Codex" />
    <title>Realm Codex</title>
    <meta name="description" content="Default description." />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const htmlShell = () => new Response(FIXTURE, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"asset"' } });

async function insertArticle(fields: {
  title: string;
  summary?: string;
  published?: boolean;
  imageUrl?: string | null;
  imageAlt?: string;
  tags?: string[];
  updatedAt?: string;
  publishedAt?: string;
}) {
  const published = fields.published ?? true;
  const row = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, image_url, is_published, published_at, updated_at, image_alt)
     VALUES (?1, ?2, 'Body text', 'Aria & Co <staff>', ?3, ?4, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      fields.title,
      fields.summary ?? "A summary",
      fields.imageUrl ?? null,
      published ? 1 : 0,
      published ? (fields.publishedAt ?? "2026-03-01T10:00:00.000Z") : null,
      fields.updatedAt ?? "2026-03-05T10:00:00.000Z",
      fields.imageAlt ?? "",
    )
    .first<{ id: number }>();
  for (const [i, tag] of (fields.tags ?? []).entries()) {
    await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, ?2, ?3)").bind(row!.id, tag, i).run();
  }
  return row!.id;
}

const ids = { plain: 0, xss: 0, draft: 0, image: 0 };
beforeAll(async () => {
  // Published first but updated last: the sitemap's and the feed's latest change.
  ids.plain = await insertArticle({
    title: "Dragons return",
    tags: ["Lore"],
    publishedAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-10T10:00:00.000Z",
  });
  ids.xss = await insertArticle({
    title: `Evil ${XSS} "quoted" & 'single'`,
    summary: `Summary ${XSS}<!-- comment`,
    tags: [`tag${XSS}`],
    publishedAt: "2026-03-02T10:00:00.000Z",
  });
  ids.image = await insertArticle({
    title: "With picture",
    imageUrl: "/files/media/1/large.webp",
    imageAlt: `Two knights "at dawn" <by the river>`,
    publishedAt: "2026-03-03T10:00:00.000Z",
    updatedAt: "2026-03-09T08:00:00.000Z",
  });
  ids.draft = await insertArticle({ title: "Secret draft", published: false });
});

/** Every JSON-LD block of a page, parsed. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** Every <script ...> opening tag of a page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

/** The one document renderer: the shell prepared once (`shellTemplate`), then a page written into it. */
const renderDocument = async (shell: Response, meta: PageMeta, status: number, parts: PageParts = {}) => renderTemplate(await shellTemplate(shell), meta, status, parts);

describe("the document renderer on a fixture shell", () => {
  it("replaces the shell's title and description, keeps everything else, with its own validator", async () => {
    const res = await renderDocument(htmlShell(), homeMeta(SITE), 200);
    const html = await res.text();
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Home | Realm Codex</title>");
    expect(html).not.toContain("Default description.");
    expect(html.match(/og:locale/g)).toHaveLength(1);
    expect(html.match(/og:site_name/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("uses the built-in shell when the asset server answers no HTML", async () => {
    const res = await renderDocument(new Response("missing", { status: 404 }), homeMeta(SITE), 200);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Home | Realm Codex</title>");
    expect(html).toContain('<div id="root"></div>');
    expect(FALLBACK_SHELL).toContain("<title>Realm Codex</title>");
  });

  it("escapes hostile article text everywhere: no script can be injected", async () => {
    const meta = newsArticleMeta(SITE, {
      id: 7,
      title: `Evil ${XSS}`,
      summary: `"><img src=x onerror=alert(1)>`,
      author: "A",
      imageUrl: `https://x.example/a.png?"><script>alert(2)</script>`,
      tags: [XSS],
      publishedAt: "2026-01-01T00:00:00.000Z",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const html = await (await renderDocument(htmlShell(), meta, 200)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(scriptTags(html).every((t) => t === '<script type="application/ld+json">' || t.includes('src="/assets/index.js"'))).toBe(true);
    expect(html).toContain("<title>Evil &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; | Realm Codex</title>");
    const blocks = jsonLdBlocks(html);
    expect(blocks.map((b) => b["@type"])).toEqual(["NewsArticle", "BreadcrumbList"]);
    expect(blocks[0]!.headline).toBe(`Evil ${XSS}`);
  });
});

describe("renderTemplate (the shell prepared once, then string concatenation)", () => {
  /** A shell with everything a page writes into: head, the empty #root, body, two head elements to replace. */
  const SLOT_FIXTURE = FIXTURE.replace(
    '<body><div id="root"></div></body>',
    `<body><div id="root"></div>\n  <script>/* loader */</script></body>`,
  ).replace("<title>Realm Codex</title>", '<title>Realm Codex</title>\n    <link rel="canonical" href="/">');
  const slotShell = () => new Response(SLOT_FIXTURE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  const article = newsArticleMeta(SITE, {
    id: 7, title: `Evil ${XSS}`, summary: "S\u2028", author: "A", imageUrl: null, tags: [],
    publishedAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
  });
  const extras = {
    initialData: [{ key: "/api/news/7", json: JSON.stringify({ title: `Evil ${XSS}\u2028` }) }],
    preloadTags: ['<link rel="preload" as="image" href="/a.webp" fetchpriority="high">'],
    routeModules: ["/assets/route.js"],
    root: `<main id="main-content"><article><h1>Evil &lt;/script&gt;\u2028</h1></article></main>`,
    sharedMaxAge: 30,
  };
  const cases = {
    "the app's markup, data, preloads and route modules": extras,
    "nothing but the metadata": {},
    "data without the app's markup": { initialData: extras.initialData },
  };

  for (const [name, options] of Object.entries(cases)) {
    it(`writes each part in its place, the same each time, with the document's SHA-1 as its validator: ${name}`, async () => {
      const template = await shellTemplate(slotShell());
      const first = await (await renderTemplate(template, article, 404, options)).text();
      const res = await renderTemplate(template, article, 404, options);
      const html = await res.text();
      expect(html).toBe(first);
      const sha1 = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(html))), (b) => b.toString(16).padStart(2, "0")).join("");
      expect(res.headers.get("ETag")).toBe(`"${sha1}"`);
      expect(res.status).toBe(404);
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      const [head, body] = html.split("</head>") as [string, string];
      // The shell's own canonical and title are replaced by the page's, once.
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head.match(/rel="canonical"/g)).toHaveLength(1);
      expect(head).toContain("<title>Evil &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; | Realm Codex</title>");
      expect(body).toContain("<script>/* loader */</script>");
      if ("root" in options) {
        expect(body).toContain('<div id="root"><main id="main-content"><article><h1>Evil &lt;/script&gt;&#8232;</h1></article></main></div>');
        expect(head).toContain('<link rel="preload" as="image" href="/a.webp" fetchpriority="high">');
        expect(body).toContain('<script type="application/json" id="route-modules">["/assets/route.js"]</script>');
        expect(res.headers.get("Cache-Control")).toContain("s-maxage=30");
      } else {
        expect(body).toContain('<div id="root"></div>');
      }
      if ("initialData" in options) expect(body).toContain('<script type="application/json" id="initial-data">{"/api/news/7":{"title":"Evil \\u003c/script\\u003e');
    });
  }

  it("writes into the built-in shell and into the built index.html alike", async () => {
    for (const shell of [() => new Response("missing", { status: 404 }), () => env.ASSETS.fetch("http://localhost/")]) {
      const html = await (await renderTemplate(await shellTemplate(await shell()), homeMeta(SITE), 200, extras)).text();
      expect(html).toContain("<title>Home | Realm Codex</title>");
      expect(html).toContain('<div id="root"><main id="main-content">');
    }
  });
});

describe("seo builders", () => {
  it("absoluteUrl gives what the URL parser gives, for plain paths (no parse) and for the rest", () => {
    const paths = [
      "/",
      "/units/5",
      "/factions/1?tab=units",
      "/files/portraits/a_b-c.w640.webp",
      "/news?tag=patch&search=a%20b",
      "/search?q=fire+ball",
      "/a/../b",
      "/a/./b",
      "/.hidden",
      "/with space",
      "/ünïcode",
      "/a#frag",
      "//evil.example/x",
      "https://cdn.example/x.png",
      "relative/path",
      "/%zz",
      "/a?x=<b>",
      "",
    ];
    for (const origin of ["https://realm.example", "http://localhost:8787"]) {
      for (const path of paths) expect(absoluteUrl(origin, path), path).toBe(new URL(path, `${origin}/`).href);
    }
  });

  it("jsonLdText escapes <, >, & and line separators so the JSON cannot end its script element", () => {
    const text = jsonLdText({ a: `${XSS}&\u2028` });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ a: `${XSS}&\u2028` });
  });

  it("headTags writes the canonical, Open Graph, Twitter and feed link", () => {
    const tags = headTags(homeMeta("https://realm.example"));
    expect(tags).toContain('<link rel="canonical" href="https://realm.example/">');
    expect(tags).toContain('<meta property="og:type" content="website">');
    expect(tags).toContain('<meta property="og:url" content="https://realm.example/">');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).toContain('<link rel="alternate" type="application/atom+xml" href="/news/feed.xml" title="Realm Codex News">');
  });

  it("escapeXml escapes markup and drops characters XML cannot carry", () => {
    expect(escapeXml(`a<b>&"c'\u0000\u0007d\uD800`)).toBe("a&#60;b&#62;&#38;&#34;c&#39;d");
  });
});

describe("HTML pages through the Worker", () => {
  it("GET / answers 200 with the home title, canonical, WebSite with SearchAction and VideoGame", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=");
    const html = await res.text();
    expect(html).toContain("<title>Home | Realm Codex</title>");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/">`);
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain('<meta property="og:site_name" content="Realm Codex">');
    const blocks = jsonLdBlocks(html);
    expect(blocks.map((b) => b["@type"])).toEqual(["WebSite", "VideoGame"]);
    expect(blocks[0]).toMatchObject({
      potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${SITE}/news?search={search_term_string}` } },
    });
  });

  it("GET /news answers 200 with the list title (naming a search), the list's canonical URL and a Home > News breadcrumb", async () => {
    expect(await (await call("/news")).text()).toContain("<title>Latest News | Realm Codex</title>");
    const res = await call("/news?search=dragons");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Latest News: “dragons” | Realm Codex</title>");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/news">`);
    const [crumbs] = jsonLdBlocks(html);
    expect(crumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: `${SITE}/` },
        { position: 2, name: "News", item: `${SITE}/news` },
      ],
    });
  });

  it("GET /news/{id} answers 200 with the article's title, description, og:type article and NewsArticle JSON-LD", async () => {
    const res = await call(`/news/${ids.plain}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Dragons return | Realm Codex</title>");
    expect(html).toContain('<meta name="description" content="A summary">');
    expect(html).toContain('<meta name="keywords" content="game news, Lore">');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/news/${ids.plain}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta property="og:url" content="${SITE}/news/${ids.plain}">`);
    expect(html).not.toContain("og:image");
    const [article, crumbs] = jsonLdBlocks(html);
    expect(article).toMatchObject({
      "@type": "NewsArticle",
      headline: "Dragons return",
      author: { "@type": "Person", name: "Aria & Co <staff>" },
      datePublished: "2026-03-01T10:00:00.000Z",
      dateModified: "2026-03-10T10:00:00.000Z",
      mainEntityOfPage: `${SITE}/news/${ids.plain}`,
    });
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect((crumbs!.itemListElement as unknown[])[2]).toMatchObject({ position: 3, name: "Dragons return" });
  });

  it("gives og:image and twitter:image as absolute URLs for /files/ images", async () => {
    const html = await (await call(`/news/${ids.image}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${SITE}/files/media/1/large.webp">`);
    expect(html).toContain(`<meta name="twitter:image" content="${SITE}/files/media/1/large.webp">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("describes the share image with the article's alt text (og:image:alt, twitter:image:alt) and shows it on the image", async () => {
    const html = await (await call(`/news/${ids.image}`)).text();
    const alt = "Two knights &#34;at dawn&#34; &#60;by the river&#62;";
    expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
    expect(html).toContain(`<meta name="twitter:image:alt" content="${alt}">`);
    // The page's own image carries it too (React escapes the attribute its own way).
    expect(html).toMatch(/<img src="\/files\/media\/1\/large\.webp" alt="Two knights &quot;at dawn&quot; &lt;by the river&gt;"/);
    // An article without alt text: no og:image:alt (and no image at all here).
    expect(await (await call(`/news/${ids.plain}`)).text()).not.toContain("image:alt");
  });

  it("serves an article whose title contains </script><script> without any executable injection", async () => {
    const res = await call(`/news/${ids.xss}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<!-- comment");
    // JSON-LD, the page's data and (in a build) the theme script inline; the app loader is a file of the build.
    const allowed = ['<script type="application/ld+json">', '<script type="application/json" id="initial-data">',
      '<script type="application/json" id="site-settings">', '<script type="application/json" id="comments-widget">',
      '<script type="application/json" id="route-modules">', '<script type="application/json" id="route-error">',
    ];
    for (const tag of scriptTags(html)) expect(allowed.includes(tag) || /^<script type="module" async crossorigin src="\/assets\/app-loader-[^"]+\.js" data-entry="\/assets\/[^"]+\.js" data-first="\/assets\/libraries-[^"]+\.js">$/.test(tag) || tag === "<script>", tag).toBe(true);
    for (const inline of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) expect(inline[1]).toBe(THEME_INIT_SCRIPT);
    for (const loader of html.matchAll(/<script type="module" async[^>]*>([\s\S]*?)<\/script>/g)) expect(loader[1]).toBe("");
    const blocks = jsonLdBlocks(html);
    expect(blocks[0]!.headline).toBe(`Evil ${XSS} "quoted" & 'single'`);
    expect(html).toContain("\\u003c/script\\u003e");
    expect(html).toContain("<title>Evil &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#34;quoted&#34; &#38; &#39;single&#39; | Realm Codex</title>");
  });

  it.each([
    ["an unknown id", "/news/999999"],
    ["a draft", "DRAFT"],
    ["a non-numeric id", "/news/not-a-number"],
  ])("answers 404 with the SPA's HTML and noindex for %s", async (_name, path) => {
    const res = await call(path === "DRAFT" ? `/news/${ids.draft}` : path);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("<title>Article Not Found | Realm Codex</title>");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain("Secret draft");
  });
});

describe("GET /sitemap.xml", () => {
  it("lists home, /news and every published article with lastmod, absolute on SITE_URL, drafts left out", async () => {
    const res = await call("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await res.text()).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const children = await sitemapChildren();
    for (const child of children) {
      expect(child.res.status, child.path).toBe(200);
      expect(child.res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    }
    const texts = await Promise.all(children.map((child) => child.res.text()));
    for (const text of texts) {
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    }
    const xml = texts.join("\n");
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
    // Home and /news carry the latest change of any article (not the newest article's).
    expect(xml).toContain(`<url><loc>${SITE}/news</loc><lastmod>2026-03-10T10:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/news/${ids.plain}</loc><lastmod>2026-03-10T10:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/news/${ids.image}</loc><lastmod>2026-03-09T08:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<loc>${SITE}/news/${ids.xss}</loc>`);
    expect(xml).not.toContain(`<loc>${SITE}/news/${ids.draft}</loc>`);
    expect(res.headers.get("ETag")).toBeTruthy();
    expect((await call("/sitemap.xml", { headers: { "If-None-Match": res.headers.get("ETag")! } })).status).toBe(304);
    const news = children.find((child) => child.path === "/sitemaps/news-1.xml")!;
    expect((await call(news.path, { headers: { "If-None-Match": news.res.headers.get("ETag")! } })).status).toBe(304);
  });
});

describe("GET /robots.txt", () => {
  it("allows content, disallows /admin and /api and names the sitemap", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const body = await res.text();
    expect(body).toContain("User-agent: *\nAllow: /\n");
    expect(body).toContain("Disallow: /admin\n");
    expect(body).toContain("Disallow: /api\n");
    expect(body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("GET /news/feed.xml", () => {
  it("is an Atom feed of published articles, newest first, escaped, drafts left out", async () => {
    const res = await call("/news/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">');
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${SITE}/news/feed.xml"/>`);
    expect(xml).toContain("  <updated>2026-03-10T10:00:00.000Z</updated>\n  <generator>");
    const entryIds = [...xml.matchAll(/<entry>\s*<title[^>]*>[^<]*<\/title>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(entryIds).toEqual([`${SITE}/news/${ids.image}`, `${SITE}/news/${ids.xss}`, `${SITE}/news/${ids.plain}`]);
    expect(xml).not.toContain("Secret draft");
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("<name>Aria &#38; Co &#60;staff&#62;</name>");
    expect(xml).toContain('<category term="Lore"/>');
    expect(xml).toContain(`<link rel="enclosure" href="${SITE}/files/media/1/large.webp"/>`);
  });

  it("holds at most the latest 20 articles", async () => {
    const bulk: number[] = [];
    try {
      for (let i = 0; i < 22; i++)
        bulk.push(await insertArticle({ title: `Bulk ${i}`, publishedAt: `2026-04-${String(i + 1).padStart(2, "0")}T00:00:00.000Z` }));
      const xml = await (await call("/news/feed.xml")).text();
      expect(xml.match(/<entry>/g)).toHaveLength(20);
      expect(xml).toContain("Bulk 21");
      expect(xml).not.toContain("Bulk 1<");
    } finally {
      // The other tests of this file expect only their own articles in the feed.
      await env.DB.prepare(`DELETE FROM news_articles WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(bulk)).run();
    }
  });
});
