import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { drizzle } from "drizzle-orm/d1";
import { getNews, publishedNewsIndex } from "../db/queries/news";
import { getSettings } from "../db/queries/settings";
import * as schema from "../db/schema";
import type { AppEnv } from "../env";
import { renderPage } from "../lib/html-meta";
import { parseId } from "@shared/ids";
import { SECURITY_HEADERS } from "../lib/security-headers";
import {
  articleNotFoundMeta,
  homeMeta,
  newsArticleMeta,
  newsListMeta,
  siteOrigin,
  type PageMeta,
} from "@shared/seo";
import { atomFeed, newsSitemapEntries, robotsTxt, sitemapXml, SITEMAP_STATIC_PATHS } from "../lib/seo-documents";

/** The feed carries the latest 20 published articles; a sitemap file holds at most 50,000 URLs. */
export const FEED_SIZE = 20;
const SITEMAP_MAX_URLS = 50_000;

type Ctx = Context<AppEnv>;

/** Absolute URLs use SITE_URL (the canonical origin), never the request's Host header. */
const origin = (c: Ctx) => siteOrigin(c.env.SITE_URL, c.req.url);

/** The SPA's index.html from the asset server. */
const shell = (c: Ctx) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

async function page(c: Ctx, meta: () => Promise<{ meta: PageMeta; status: number }>) {
  try {
    const { meta: pageMeta, status } = await meta();
    return renderPage(await shell(c), pageMeta, status);
  } catch (err) {
    // Metadata is an extra: if D1 fails, serve the plain SPA rather than an error page.
    console.error(JSON.stringify({ level: "error", where: "seo", path: c.req.path, error: String(err) }));
    const res = new Response((await shell(c)).body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.headers.set(name, value);
    return res;
  }
}

function text(body: string, contentType: string, cacheControl: string): Response {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": cacheControl });
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(body, { status: 200, headers });
}

/**
 * Crawler-facing routes served before the static assets (see run_worker_first in wrangler.toml):
 * robots.txt, sitemap.xml, the Atom feed, and the SPA's HTML for /, /news and /news/{id} with
 * per-page metadata. An unknown or unpublished article answers 404 with the SPA's HTML (the SPA
 * then shows 'Article Not Found').
 */
export const seoRoutes = new Hono<AppEnv>()
  .use("/robots.txt", etag())
  .use("/sitemap.xml", etag())
  .use("/news/feed.xml", etag())
  .get("/robots.txt", (c) => text(robotsTxt(origin(c)), "text/plain; charset=utf-8", "public, max-age=86400"))
  .get("/sitemap.xml", async (c) => {
    const articles = await publishedNewsIndex(c.env.DB, SITEMAP_MAX_URLS - SITEMAP_STATIC_PATHS.length);
    return text(sitemapXml(origin(c), newsSitemapEntries(articles)), "application/xml; charset=utf-8", "public, max-age=300");
  })
  .get("/news/feed.xml", async (c) => {
    const [articles, site] = await Promise.all([
      publishedNewsIndex(c.env.DB, FEED_SIZE),
      getSettings(drizzle(c.env.DB, { schema })),
    ]);
    return text(
      atomFeed(origin(c), articles, new Date().toISOString(), site),
      "application/atom+xml; charset=utf-8",
      "public, max-age=300",
    );
  })
  .get("/", (c) => page(c, async () => ({ meta: homeMeta(origin(c)), status: 200 })))
  .get("/news", (c) => page(c, async () => ({ meta: newsListMeta(origin(c)), status: 200 })))
  .get("/news/:id", (c) =>
    page(c, async () => {
      const id = parseId(c.req.param("id"));
      const article = id === null ? null : await getNews(c.env.DB, id, false);
      return article
        ? { meta: newsArticleMeta(origin(c), article), status: 200 }
        : { meta: articleNotFoundMeta(), status: 404 };
    }),
  );
