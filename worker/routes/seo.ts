import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { gameSitemapIndex } from "../db/queries/gameinfo";
import { publishedNewsIndex } from "../db/queries/news";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { SECURITY_HEADERS } from "../lib/security-headers";
import { siteOrigin } from "@shared/seo";
import { database } from "../middleware/database";
import { appServer } from "@app/server";
import { atomFeed, entitySitemapEntries, gameSitemapEntries, newsSitemapEntries, robotsTxt, sitemapXml } from "../lib/seo-documents";

/** The feed carries the latest 20 published articles; a sitemap file holds at most 50,000 URLs. */
export const FEED_SIZE = 20;
const SITEMAP_MAX_URLS = 50_000;

type Ctx = Context<AppEnv>;

/** Absolute URLs use SITE_URL (the canonical origin), never the request's Host header. */
const origin = (c: Ctx) => siteOrigin(c.env.SITE_URL, c.req.url);

function text(body: string, contentType: string, cacheControl: string): Response {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": cacheControl });
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(body, { status: 200, headers });
}

/**
 * Crawler-facing documents served before the static assets (see run_worker_first in
 * wrangler.toml): robots.txt, sitemap.xml and the Atom feed. The HTML of content pages with their
 * metadata and first data come from worker/pages.
 */
/** The static pages the sitemap lists: the route table's pages marked `sitemap` (web/src/app/routes.ts). */
const SITEMAP_STATIC_PATHS = appServer.pages.filter((page) => page.sitemap).map((page) => page.path);

export const seoRoutes = new Hono<AppEnv>()
  // These routes are mounted outside /api, so they open the database handle themselves.
  .use("/sitemap.xml", database)
  .use("/news/*", database)
  .use("/robots.txt", etag())
  .use("/sitemap.xml", etag())
  .use("/news/feed.xml", etag())
  .get("/robots.txt", (c) => text(robotsTxt(origin(c)), "text/plain; charset=utf-8", "public, max-age=86400"))
  .get("/sitemap.xml", async (c) => {
    // Two round trips at most: the news index and one batch for the game content.
    const room = Math.floor((SITEMAP_MAX_URLS - SITEMAP_STATIC_PATHS.length - 1) / 6);
    const [articles, game] = await Promise.all([
      publishedNewsIndex(c.get("db"), room),
      gameSitemapIndex(c.get("db"), room),
    ]);
    const entries = [
      ...newsSitemapEntries(SITEMAP_STATIC_PATHS, articles),
      ...gameSitemapEntries(game.factions, game.articles),
      ...entitySitemapEntries(game),
    ];
    return text(sitemapXml(origin(c), entries), "application/xml; charset=utf-8", "public, max-age=300");
  })
  .get("/news/feed.xml", async (c) => {
    const [articles, site] = await Promise.all([publishedNewsIndex(c.get("db"), FEED_SIZE), getSettings(c.get("db"))]);
    return text(
      atomFeed(origin(c), articles, new Date().toISOString(), site),
      "application/atom+xml; charset=utf-8",
      "public, max-age=300",
    );
  });
