/**
 * /sitemap.xml (an index) and its child sitemaps, /robots.txt and the Atom feed at /news/feed.xml,
 * as pure string builders.
 * Every URL is absolute on the site origin (SITE_URL).
 */
import { allowedImageSrc } from "@shared/image-source";
import { paths } from "@shared/paths";
import type { SitemapEntityType } from "../db/queries/game-sitemap";
import { absoluteUrl, FEED_PATH, FEED_TITLE, SITE_NAME, type ArticleForMeta } from "@shared/seo";

/** Characters XML 1.0 does not allow at all (control characters, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML content and attributes and drops characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export type SitemapEntry = { path: string; lastmod?: string | null };

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** A sitemap index: the child sitemaps (absolute URLs on the site origin). */
export function sitemapIndexXml(origin: string, childPaths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...childPaths.map((path) => `  <sitemap><loc>${escapeXml(absoluteUrl(origin, path))}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * The static pages (`staticPaths`: the route table's pages listed in the sitemap); home and /news
 * change whenever a published article does (`latestNews`).
 */
export function staticSitemapEntries(staticPaths: readonly string[], latestNews: string | null): SitemapEntry[] {
  return staticPaths.map((path) => ({ path, lastmod: path === paths.news() || path === paths.home() ? latestNews : undefined }));
}

/**
 * The game pages of the sitemap: /game-info, each category's guides (a page of its own, as its
 * canonical URL says), every active faction and published game-info article. A list's lastmod
 * is its latest guide's change.
 */
export function gameSitemapEntries(
  factions: readonly { id: number; updatedAt: string }[],
  articles: readonly { slug: string; category: string; updatedAt: string }[],
): SitemapEntry[] {
  const latest = new Map<string, string>();
  for (const a of articles) {
    for (const path of [paths.gameInfo(), paths.gameInfo({ category: a.category })]) {
      const seen = latest.get(path);
      if (!seen || a.updatedAt > seen) latest.set(path, a.updatedAt);
    }
  }
  const categoryPaths = [...latest.keys()].filter((path) => path !== paths.gameInfo()).sort();
  return [
    { path: paths.gameInfo(), lastmod: latest.get(paths.gameInfo()) },
    ...categoryPaths.map((path) => ({ path, lastmod: latest.get(path) })),
    ...factions.map((f) => ({ path: paths.faction(f.id), lastmod: f.updatedAt })),
    ...articles.map((a) => ({ path: paths.gameInfoArticle(a.slug), lastmod: a.updatedAt })),
  ];
}

/** The page of each record a type's child sitemap lists. */
const RECORD_PATHS: Record<SitemapEntityType, (id: number) => string> = { news: paths.newsArticle, units: paths.unit, heroes: paths.hero, spells: paths.spell };

/** A type's records as sitemap entries (lastmod = the record's updatedAt). */
export function recordSitemapEntries(type: SitemapEntityType, rows: readonly { id: number; updatedAt: string }[]): SitemapEntry[] {
  return rows.map((row) => ({ path: RECORD_PATHS[type](row.id), lastmod: row.updatedAt }));
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /profile",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** An Atom 1.0 feed of the given (published, newest first) articles, titled with the site's name. */
export function atomFeed(
  origin: string,
  articles: readonly ArticleForMeta[],
  now: string,
  site: { siteName: string; siteDescription?: string; imageHosts?: readonly string[] } = { siteName: SITE_NAME },
): string {
  const name = site.siteName || SITE_NAME;
  const updated = articles.reduce((latest, a) => (a.updatedAt > latest ? a.updatedAt : latest), "") || now;
  const entries = articles.map((a) => {
    const url = absoluteUrl(origin, paths.newsArticle(a.id));
    // Feed readers fetch the enclosure: only an image the site's pages may show.
    const image = allowedImageSrc(a.imageUrl, site.imageHosts ?? []);
    return [
      "  <entry>",
      `    <title type="text">${escapeXml(a.title)}</title>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${escapeXml(a.publishedAt ?? a.createdAt)}</published>`,
      `    <updated>${escapeXml(a.updatedAt)}</updated>`,
      `    <author><name>${escapeXml(a.author)}</name></author>`,
      ...a.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary type="text">${escapeXml(a.summary)}</summary>`,
      ...(image ? [`    <link rel="enclosure" href="${escapeXml(absoluteUrl(origin, image))}"/>`] : []),
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">',
    `  <title type="text">${escapeXml(name === SITE_NAME ? FEED_TITLE : `${name} News`)}</title>`,
    `  <subtitle type="text">${escapeXml(site.siteDescription || `The latest news from ${name}.`)}</subtitle>`,
    `  <id>${escapeXml(absoluteUrl(origin, paths.news()))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(origin, FEED_PATH))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(origin, paths.news()))}"/>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    `  <generator>${escapeXml(name)}</generator>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
