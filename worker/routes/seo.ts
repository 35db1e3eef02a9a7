import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { SITEMAP_ENTITY_TYPES, sitemapPagesData, sitemapRange, sitemapRanges, type SitemapEntityType } from "../db/queries/game-sitemap";
import { publishedNewsIndex } from "../db/queries/news";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { SECURITY_HEADERS } from "../lib/security-headers";
import { siteOrigin } from "@shared/seo";
import { database } from "../middleware/database";
import { appServer } from "@app/server";
import { atomFeed, gameSitemapEntries, recordSitemapEntries, robotsTxt, sitemapIndexXml, sitemapXml, staticSitemapEntries } from "../lib/seo-documents";

/** The feed carries the latest 20 published articles. */
export const FEED_SIZE = 20;
/** The sitemap protocol's limit of URLs per file (the pages child's lists are read up to it). */
const SITEMAP_MAX_URLS = 50_000;
/**
 * Ids per child sitemap of a type (`{type}-{n}.xml` lists the public records with ids in
 * ((n − 1) × range, n × range]): 500, so a child reads at most 500 records (and the active
 * factions) whatever the table's size, within the 1,000 rows a public read may touch.
 */
const SITEMAP_RANGE = 500;

/**
 * The ids per child: SITEMAP_RANGE, or the smaller SITEMAP_MAX_URLS var (wrangler.toml; tests set
 * a few to check the split without thousands of rows).
 */
const sitemapRangeSize = (env: Env) => {
  const n = Number(env.SITEMAP_MAX_URLS);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, SITEMAP_RANGE) : SITEMAP_RANGE;
};

/** A child sitemap's name: `pages.xml`, or `{type}-{n}.xml` (n from 1: the n-th range of ids). */
const CHILD = new RegExp(`^(?:pages|(${SITEMAP_ENTITY_TYPES.join("|")})-([1-9]\\d{0,14}))\\.xml$`);

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
 * wrangler.toml): robots.txt (robotsRoutes), the sitemap index at /sitemap.xml with its children under
 * /sitemaps/ (the pages, then each type's records by id range, ADR 0041), and the Atom feed. The HTML of content pages with their
 * metadata and first data come from worker/pages.
 */
/** The static pages the sitemap lists: the route table's pages marked `sitemap` (web/src/app/routes.ts). */
const SITEMAP_STATIC_PATHS = appServer.pages.filter((page) => page.sitemap).map((page) => page.path);

/** robots.txt: answered whatever the site's settings (crawlers keep reading it during maintenance). */
export const robotsRoutes = new Hono<AppEnv>()
  .use("/robots.txt", etag())
  .get("/robots.txt", (c) => text(robotsTxt(origin(c)), "text/plain; charset=utf-8", "public, max-age=86400"));

export const seoRoutes = new Hono<AppEnv>()
  // These routes are mounted outside /api, so they open the database handle themselves.
  .use("/sitemap.xml", database)
  .use("/sitemaps/*", database)
  .use("/news/*", database)
  .use("/sitemap.xml", etag())
  .use("/sitemaps/*", etag())
  .use("/news/feed.xml", etag())
  // The index: the pages child, then each type's children that hold a record (one batch).
  .get("/sitemap.xml", async (c) => {
    const ranges = await sitemapRanges(c.get("db"), sitemapRangeSize(c.env));
    const children = ["/sitemaps/pages.xml", ...SITEMAP_ENTITY_TYPES.flatMap((type) => ranges[type].map((n) => `/sitemaps/${type}-${n}.xml`))];
    return text(sitemapIndexXml(origin(c), children), "application/xml; charset=utf-8", "public, max-age=300");
  })
  // A child: the static and game pages (a few dozen), or one type's records of one id range (404
  // when it holds none: the index does not name it).
  .get("/sitemaps/:name", async (c) => {
    const match = CHILD.exec(c.req.param("name"));
    if (!match) return c.notFound();
    const [, type, n] = match;
    let entries;
    if (!type) {
      const pages = await sitemapPagesData(c.get("db"), SITEMAP_MAX_URLS);
      entries = [...staticSitemapEntries(SITEMAP_STATIC_PATHS, pages.latestNews), ...gameSitemapEntries(pages.factions, pages.articles)];
    } else {
      const rows = await sitemapRange(c.get("db"), type as SitemapEntityType, sitemapRangeSize(c.env), Number(n));
      if (!rows.length) return c.notFound();
      entries = recordSitemapEntries(type as SitemapEntityType, rows);
    }
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
