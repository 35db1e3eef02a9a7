import { useLayoutEffect } from "react";
import { absoluteUrl, DEFAULT_DESCRIPTION, isGenericDescription, jsonLdText, pageTitle, withSiteName, type JsonLd } from "@shared/seo";
import { useSiteSettings } from "./site-settings";

/** The page's origin in the browser (localhost outside one). */
const origin = () => (typeof location === "undefined" ? "http://localhost" : location.origin);

export type PageMetaProps = {
  /** The page's own name; the document title becomes '{title} | Realm Codex'. Omit on the home page. */
  title?: string;
  description?: string;
  keywords?: string | readonly string[];
  /** Path (or absolute URL) of the canonical page; defaults to the current path without the query. */
  canonicalPath?: string;
  /** Share image: absolute URL or site path. */
  image?: string | null;
  type?: "website" | "article" | "profile";
  /** Structured data (schema.org), one object or several. */
  jsonLd?: JsonLd | readonly JsonLd[];
  /** Keeps private pages (profile, admin) out of search engines. */
  noIndex?: boolean;
};

// Head tags that index.html (or the Worker, for crawlers) put in the static HTML and that
// PageMeta owns once the app runs. Captured before React renders anything, removed when the
// first PageMeta mounts, so the document never has two titles or two canonical links.
const STATIC_SELECTOR = [
  "title",
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]:not([property="og:locale"]):not([property="og:site_name"])',
  'meta[name^="twitter:"]',
  'meta[property^="article:"]',
  'script[type="application/ld+json"]',
].join(",");
let staticHead: Element[] | null =
  typeof document === "undefined" ? [] : Array.from(document.head.querySelectorAll(STATIC_SELECTOR));

/**
 * The page's title, description, keywords, canonical link, Open Graph and Twitter tags and
 * JSON-LD. React 19 hoists <title>, <meta> and <link> into <head>.
 */
export function PageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  keywords,
  canonicalPath,
  image,
  type = "website",
  jsonLd,
  noIndex = false,
}: PageMetaProps) {
  useLayoutEffect(() => {
    if (!staticHead) return;
    for (const element of staticHead) element.remove();
    staticHead = null;
  }, []);

  // The site's configured name and description replace the built-in ones.
  const site = useSiteSettings();
  const fullTitle = withSiteName(pageTitle(title), site.siteName);
  if (site.siteDescription && isGenericDescription(description)) description = site.siteDescription;
  const canonical = absoluteUrl(origin(), canonicalPath ?? (typeof location === "undefined" ? "/" : location.pathname));
  const imageUrl = image ? absoluteUrl(origin(), image) : null;
  const keywordText = typeof keywords === "string" ? keywords : keywords?.join(", ");

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywordText ? <meta name="keywords" content={keywordText} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonical} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {jsonLd ? <script type="application/ld+json">{jsonLdText(jsonLd)}</script> : null}
    </>
  );
}
