/**
 * Page metadata for crawlers and link previews: titles, descriptions,
 * keywords, canonical URLs, Open Graph / Twitter tags and schema.org JSON-LD. Pure functions with
 * no Worker-only imports, so the SPA can import them too; the Worker injects `headTags(meta)`
 * into the HTML of every page it serves (worker/pages/document.ts), and the SPA into the
 * document when the page changes (web/src/lib/page-head.tsx).
 */
import { paths } from "./paths";

export const SITE_NAME = "Realm Codex";
export const SITE_LOCALE = "en_US";
export const FEED_PATH = "/news/feed.xml";
export const FEED_TITLE = `${SITE_NAME} News`;
export const DEFAULT_DESCRIPTION =
  "Realm Codex: an unofficial fan wiki and news site for a turn-based fantasy strategy game.";

export type JsonLd = Record<string, unknown>;

/** The article fields the metadata uses (a NewsArticle or a list item fits). */
export type ArticleForMeta = {
  id: number;
  title: string;
  summary: string;
  author: string;
  imageUrl: string | null;
  /** What the image shows ("" or absent: not described). */
  imageAlt?: string;
  tags: readonly string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type PageMeta = {
  /** The whole document title, e.g. 'Latest News | Realm Codex'. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** Absolute canonical URL; null for pages that should not be indexed. */
  canonical: string | null;
  ogType: "website" | "article";
  /** Absolute share image URL. */
  image: string | null;
  /** What the share image shows (og:image:alt, twitter:image:alt); only with an image. */
  imageAlt?: string;
  /** e.g. "noindex" for missing pages. */
  robots?: string;
  article?: { publishedTime: string; modifiedTime: string; author: string; tags: readonly string[] };
  jsonLd: readonly JsonLd[];
};

/** '{page} | Realm Codex'. */
export const pageTitle = (page?: string) => (page ? `${page} | ${SITE_NAME}` : SITE_NAME);

/** The site origin without a trailing slash ("https://realmcodex.example"). */
export function siteOrigin(siteUrl: string | undefined, fallback: string): string {
  for (const candidate of [siteUrl, fallback]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // try the next one
    }
  }
  return "http://localhost";
}

/** A path the URL parser would leave as it is: no dot segments, nothing it would encode. */
const PLAIN_PATH = /^\/(?!\/)(?!.*\/\.)[\w\-.~/?=&%+,;:@]*$/;

/** A site path (or an already absolute http(s) URL) as an absolute URL on `origin` (an origin as `URL.origin` gives it). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  // Pages list many of their own paths (JSON-LD lists, links): no parse for those.
  if (PLAIN_PATH.test(pathOrUrl) && !origin.endsWith("/")) return `${origin}${pathOrUrl}`;
  try {
    return new URL(pathOrUrl, `${origin}/`).href;
  } catch {
    return `${origin}/`;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-LD
// ---------------------------------------------------------------------------------------------

/** The site, with a search action on /news?search= (home page). */
export function websiteJsonLd(origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(origin, paths.home()),
    inLanguage: "en-US",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(origin, paths.news())}?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The game the site is about (home page). */
export function videoGameJsonLd(origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: SITE_NAME,
    description: "A turn-based fantasy strategy game of factions, heroes, units and spells.",
    genre: ["Turn-based strategy", "Fantasy"],
    gamePlatform: "PC",
    url: absoluteUrl(origin, paths.gameInfo()),
  };
}

/** A breadcrumb trail; each entry is a name and a site path. */
export function breadcrumbJsonLd(origin: string, items: readonly { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/** Breadcrumbs that start at Home (`/`), followed by `items`. */
export const homeBreadcrumbs = (origin: string, items: readonly { name: string; path: string }[]): JsonLd =>
  breadcrumbJsonLd(origin, [{ name: "Home", path: paths.home() }, ...items]);

/**
 * A page that is not indexed (a missing record, a tool page, search results, a member's page):
 * `noindex`, no canonical URL and no structured data.
 */
export function noindexMeta(title: string, description: string = DEFAULT_DESCRIPTION): PageMeta {
  return {
    title: pageTitle(title),
    description,
    keywords: [],
    canonical: null,
    ogType: "website",
    image: null,
    robots: "noindex",
    jsonLd: [],
  };
}

/** A page whose head the Worker does not know (a member page, loaded in the browser): the site's name, never indexed. */
export function appShellMeta(): PageMeta {
  return { ...noindexMeta(SITE_NAME), title: SITE_NAME };
}

export function newsArticleJsonLd(origin: string, article: ArticleForMeta): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.summary,
    author: { "@type": "Person", name: article.author },
    datePublished: article.publishedAt ?? article.createdAt,
    dateModified: article.updatedAt,
    ...(article.imageUrl ? { image: [absoluteUrl(origin, article.imageUrl)] } : {}),
    ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
    inLanguage: "en-US",
    mainEntityOfPage: absoluteUrl(origin, paths.newsArticle(article.id)),
    publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(origin, paths.home()) },
  };
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

export const HOME_DESCRIPTION =
  "Realm Codex is an unofficial fan wiki for a turn-based fantasy strategy game: the latest news, factions, heroes, units, spells, screenshots and a community forum.";
export const NEWS_DESCRIPTION =
  "The latest news, patch notes, events and community updates for the turn-based fantasy strategy game.";

export function homeMeta(origin: string): PageMeta {
  return {
    title: pageTitle("Home"),
    description: HOME_DESCRIPTION,
    keywords: ["fantasy strategy", "turn-based strategy", "game wiki", "factions", "heroes", "news"],
    canonical: absoluteUrl(origin, paths.home()),
    ogType: "website",
    image: null,
    jsonLd: [websiteJsonLd(origin), videoGameJsonLd(origin)],
  };
}

export function newsListMeta(origin: string): PageMeta {
  return {
    title: pageTitle("Latest News"),
    description: NEWS_DESCRIPTION,
    keywords: ["game news", "patch notes", "updates", "fantasy strategy"],
    canonical: absoluteUrl(origin, paths.news()),
    ogType: "website",
    image: null,
    jsonLd: [
      homeBreadcrumbs(origin, [
        { name: "News", path: paths.news() },
      ]),
    ],
  };
}

export function newsArticleMeta(origin: string, article: ArticleForMeta): PageMeta {
  const path = paths.newsArticle(article.id);
  return {
    title: pageTitle(article.title),
    description: article.summary,
    keywords: ["game news", ...article.tags],
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image: article.imageUrl ? absoluteUrl(origin, article.imageUrl) : null,
    ...(article.imageUrl && article.imageAlt ? { imageAlt: article.imageAlt } : {}),
    article: {
      publishedTime: article.publishedAt ?? article.createdAt,
      modifiedTime: article.updatedAt,
      author: article.author,
      tags: article.tags,
    },
    jsonLd: [
      newsArticleJsonLd(origin, article),
      homeBreadcrumbs(origin, [
        { name: "News", path: paths.news() },
        { name: article.title, path },
      ]),
    ],
  };
}

export const GALLERY_DESCRIPTION =
  "Screenshots, concept art, wallpapers, maps and videos from the turn-based fantasy strategy game, filterable by category and type.";

/** The images the gallery's metadata uses (a MediaItem fits). */
export type GalleryImageForMeta = { title: string; altText?: string; largeUrl: string | null; thumbnailUrl: string | null; originalUrl: string | null };

/**
 * /screenshots: an image gallery (schema.org ImageGallery listing the first items) whose share
 * image is the first item's large rendition.
 */
export function galleryMeta(origin: string, images: readonly GalleryImageForMeta[] = []): PageMeta {
  const first = images.find((i) => i.largeUrl ?? i.originalUrl);
  const url = absoluteUrl(origin, paths.screenshots());
  return {
    title: pageTitle("Gallery"),
    description: GALLERY_DESCRIPTION,
    keywords: ["screenshots", "concept art", "wallpapers", "game videos", "fantasy strategy"],
    canonical: url,
    ogType: "website",
    image: first ? absoluteUrl(origin, (first.largeUrl ?? first.originalUrl)!) : null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ImageGallery",
        name: `Gallery | ${SITE_NAME}`,
        description: GALLERY_DESCRIPTION,
        url,
        image: images
          .filter((i) => i.largeUrl ?? i.originalUrl)
          .slice(0, 12)
          .map((i) => ({
            "@type": "ImageObject",
            name: i.title,
            ...(i.altText ? { description: i.altText } : {}),
            contentUrl: absoluteUrl(origin, (i.largeUrl ?? i.originalUrl)!),
            ...(i.thumbnailUrl ? { thumbnailUrl: absoluteUrl(origin, i.thumbnailUrl) } : {}),
          })),
      },
      homeBreadcrumbs(origin, [
        { name: "Gallery", path: paths.screenshots() },
      ]),
    ],
  };
}

/** The "Page Not Found" page's title and description (web/src/app/routes/not-found.tsx). */
export const NOT_FOUND_TITLE = "Page Not Found";
export const NOT_FOUND_DESCRIPTION = "The page you were looking for does not exist on Realm Codex.";

/** Any path the app has no page for (web/src/app/routes/not-found.tsx). */
export function pageNotFoundMeta(): PageMeta {
  return noindexMeta(NOT_FOUND_TITLE, NOT_FOUND_DESCRIPTION);
}

/** A missing or unpublished item ('Unit Not Found'...): what the SPA's view says; crawlers get noindex. */
export function missingItemMeta(item: { title: string; description: string }): PageMeta {
  return noindexMeta(item.title, item.description);
}

// ---------------------------------------------------------------------------------------------
// HTML
// ---------------------------------------------------------------------------------------------

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` become \u escapes so
 * no text can close the element or open a comment, and U+2028/2029 are escaped too.
 */
export function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The head elements `headTags` writes, as selectors (one each: lol-html takes one per handler).
 * The Worker removes the shell's own before writing a page's; the SPA replaces them when the page changes.
 */
export const PAGE_HEAD_SELECTORS = [
  "head title",
  'head meta[name="description"]',
  'head meta[name="keywords"]',
  'head meta[name="robots"]',
  'head link[rel="canonical"]',
  'head link[rel="alternate"][type="application/atom+xml"]',
  'head meta[property^="og:"]',
  'head meta[property^="article:"]',
  'head meta[name^="twitter:"]',
  'head script[type="application/ld+json"]',
] as const;

/** The image a page's first view shows largest above the fold (its LCP candidate), preloaded with the HTML. */
export type PreloadImage = {
  href: string;
  /** Responsive candidates, as in the `<img srcset>` the page renders. */
  srcset?: string;
  sizes?: string;
  /** MIME type when the markup offers it as a `<source type>` (e.g. "image/webp"). */
  type?: string;
};

/** `<link rel="preload" as="image">` for the page's largest image, fetched first. */
export function preloadImageTag(image: PreloadImage): string {
  const attrs = [`rel="preload"`, `as="image"`, `href="${escapeHtml(image.href)}"`, `fetchpriority="high"`];
  if (image.srcset) attrs.push(`imagesrcset="${escapeHtml(image.srcset)}"`);
  if (image.sizes) attrs.push(`imagesizes="${escapeHtml(image.sizes)}"`);
  if (image.type) attrs.push(`type="${escapeHtml(image.type)}"`);
  return `<link ${attrs.join(" ")}>`;
}

/** One element of a page's head: its tag, attributes and text, escaped only when written as HTML. */
export type HeadElement = { tag: "title" | "meta" | "link" | "script"; attrs: Record<string, string>; text?: string };

const metaName = (name: string, content: string): HeadElement => ({ tag: "meta", attrs: { name, content } });
const metaProperty = (property: string, content: string): HeadElement => ({ tag: "meta", attrs: { property, content } });

/**
 * The page's head elements for `meta`: title, description, canonical, feed link, Open Graph,
 * Twitter and JSON-LD. The Worker writes them as HTML (`headTags`); the browser builds the same
 * elements with DOM calls when the page changes (web/src/lib/page-head.tsx).
 */
export function headElements(meta: PageMeta, siteName: string = SITE_NAME): HeadElement[] {
  const tags: HeadElement[] = [{ tag: "title", attrs: {}, text: meta.title }, metaName("description", meta.description)];
  if (meta.keywords.length) tags.push(metaName("keywords", meta.keywords.join(", ")));
  if (meta.robots) tags.push(metaName("robots", meta.robots));
  if (meta.canonical) tags.push({ tag: "link", attrs: { rel: "canonical", href: meta.canonical } });
  tags.push(
    { tag: "link", attrs: { rel: "alternate", type: "application/atom+xml", href: FEED_PATH, title: siteName === SITE_NAME ? FEED_TITLE : `${siteName} News` } },
    metaProperty("og:title", meta.title),
    metaProperty("og:description", meta.description),
    metaProperty("og:type", meta.ogType),
  );
  if (meta.canonical) tags.push(metaProperty("og:url", meta.canonical));
  if (meta.image) tags.push(metaProperty("og:image", meta.image));
  if (meta.image && meta.imageAlt) tags.push(metaProperty("og:image:alt", meta.imageAlt));
  tags.push(metaProperty("og:locale", SITE_LOCALE), metaProperty("og:site_name", siteName));
  if (meta.article) {
    tags.push(
      metaProperty("article:published_time", meta.article.publishedTime),
      metaProperty("article:modified_time", meta.article.modifiedTime),
      metaProperty("article:author", meta.article.author),
      ...meta.article.tags.map((tag) => metaProperty("article:tag", tag)),
    );
  }
  tags.push(
    metaName("twitter:card", meta.image ? "summary_large_image" : "summary"),
    metaName("twitter:title", meta.title),
    metaName("twitter:description", meta.description),
  );
  if (meta.image) tags.push(metaName("twitter:image", meta.image));
  if (meta.image && meta.imageAlt) tags.push(metaName("twitter:image:alt", meta.imageAlt));
  for (const data of meta.jsonLd) tags.push({ tag: "script", attrs: { type: "application/ld+json" }, text: jsonLdText(data) });
  return tags;
}

/** A head element as HTML: attributes and text escaped (a JSON-LD script's text is made safe by `jsonLdText` already). */
function elementHtml({ tag, attrs, text }: HeadElement): string {
  const attributes = Object.entries(attrs).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join("");
  if (tag === "meta" || tag === "link") return `<${tag}${attributes}>`;
  const body = tag === "script" ? (text ?? "") : escapeHtml(text ?? "");
  return `<${tag}${attributes}>${body}</${tag}>`;
}

/**
 * HTML for a page's <head> (the Worker injects it into the shell's head, which already has the
 * static tags: charset, viewport, icons...): the elements of `headElements`.
 */
export function headTags(meta: PageMeta, siteName: string = SITE_NAME): string {
  return headElements(meta, siteName).map(elementHtml).join("\n    ");
}

// ---------------------------------------------------------------------------------------------
// Images a page's head names
// ---------------------------------------------------------------------------------------------

/** The JSON-LD properties that hold an image address (the builders above put images only there). */
const IMAGE_KEYS = new Set(["image", "contentUrl", "thumbnailUrl", "logo"]);

/** Structured data with every image address `allow` refuses left out (an ImageObject without its contentUrl goes whole). */
function allowedJsonLdImages(value: unknown, allow: (url: string) => string | null, imageKey = false): unknown {
  if (typeof value === "string") return imageKey ? allow(value) : value;
  if (Array.isArray(value)) {
    return value.map((v) => allowedJsonLdImages(v, allow, imageKey)).filter((v) => v !== null && v !== undefined);
  }
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const next = allowedJsonLdImages(v, allow, IMAGE_KEYS.has(key));
    if (next === null || (Array.isArray(next) && !next.length && IMAGE_KEYS.has(key))) continue;
    out[key] = next;
  }
  return out["@type"] === "ImageObject" && !out.contentUrl ? null : out;
}

/**
 * The page's metadata with only the images `allow` accepts (shared/image-source.ts): the
 * share image (with its alt text) and every image in the structured data. Pages declare their
 * heads with the records' images; the head applies the site's image allow-list here.
 */
export function withAllowedImages(meta: PageMeta, allow: (url: string) => string | null): PageMeta {
  const image = meta.image ? allow(meta.image) : null;
  const { imageAlt, ...rest } = meta;
  return {
    ...rest,
    image,
    ...(image && imageAlt ? { imageAlt } : {}),
    jsonLd: meta.jsonLd.map((data) => allowedJsonLdImages(data, allow) as JsonLd),
  };
}

// ---------------------------------------------------------------------------------------------
// Site name and description from the site settings
// ---------------------------------------------------------------------------------------------

/**
 * A title built by `pageTitle` with the site's configured name instead of the built-in one
 * ('News | Realm Codex' → 'News | My Realm'). Other text is returned unchanged.
 */
export function withSiteName(title: string, siteName: string): string {
  if (!siteName || siteName === SITE_NAME) return title;
  if (title === SITE_NAME) return siteName;
  const suffix = ` | ${SITE_NAME}`;
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)} | ${siteName}` : title;
}

/** The built-in site-wide descriptions, which the configured site description replaces. */
export const isGenericDescription = (text: string) => text === DEFAULT_DESCRIPTION || text === HOME_DESCRIPTION;

/** The public settings that name and describe the site. */
export type SiteIdentity = { siteName: string; siteDescription: string };

/** Structured data naming the site (the WebSite, an article's publisher) with the configured name. */
function brandJsonLd(data: JsonLd, siteName: string): JsonLd {
  if (data["@type"] === "WebSite" && data.name === SITE_NAME) return { ...data, name: siteName };
  const publisher = data.publisher as JsonLd | undefined;
  if (publisher?.name === SITE_NAME) return { ...data, publisher: { ...publisher, name: siteName } };
  return data;
}

/** The page's metadata with the site's configured name and description in place of the built-in ones. */
export function brandMeta(meta: PageMeta, site: SiteIdentity): PageMeta {
  const generic = site.siteDescription && isGenericDescription(meta.description);
  const renamed = site.siteName && site.siteName !== SITE_NAME;
  // The site's own texts name it (noindex pages and the forum's): never an article's summary.
  const own = meta.robots === "noindex" || meta.description === FORUM_DESCRIPTION;
  return {
    ...meta,
    title: withSiteName(meta.title, site.siteName),
    description: generic ? site.siteDescription : renamed && own ? meta.description.replaceAll(SITE_NAME, site.siteName) : meta.description,
    jsonLd: renamed ? meta.jsonLd.map((data) => brandJsonLd(data, site.siteName)) : meta.jsonLd,
  };
}

// ---------------------------------------------------------------------------------------------
// Forum and search
// ---------------------------------------------------------------------------------------------

export const FORUM_DESCRIPTION =
  "The Realm Codex community forum: discuss strategies, factions, heroes and patches with other players.";

export function forumMeta(origin: string): PageMeta {
  return {
    title: pageTitle("Community Forum"),
    description: FORUM_DESCRIPTION,
    keywords: ["forum", "community", "discussion", "strategy", "fantasy strategy"],
    canonical: absoluteUrl(origin, paths.forum()),
    ogType: "website",
    image: null,
    jsonLd: [
      homeBreadcrumbs(origin, [
        { name: "Forum", path: paths.forum() },
      ]),
    ],
  };
}

/** Search results are not indexed (every query would be a page). */
export function searchMeta(): PageMeta {
  return noindexMeta("Search", "Search news, game information, factions, units, heroes and spells.");
}
