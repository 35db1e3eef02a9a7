import { absoluteUrl, SITE_TITLE } from "./page-meta";

/** schema.org JSON-LD for the pages (spec §2 page metadata). Pure builders. */
type JsonLd = Record<string, unknown>;

/** The site, with a search action on /news?search= (home page). */
export function websiteJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_TITLE,
    url: absoluteUrl("/"),
    inLanguage: "en-US",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl("/news")}?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The game the site is about (home page). */
export function videoGameJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: "Realm Codex",
    description: "A turn-based fantasy strategy game of factions, heroes, units and spells.",
    genre: ["Turn-based strategy", "Fantasy"],
    gamePlatform: "PC",
    url: absoluteUrl("/game-info"),
  };
}

/** A breadcrumb trail; each entry is a name and a site path. */
export function breadcrumbJsonLd(items: readonly { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** A news article page. */
export function newsArticleJsonLd(article: {
  id: number;
  title: string;
  summary: string;
  author: string;
  imageUrl: string | null;
  tags: string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.summary,
    author: { "@type": "Person", name: article.author },
    datePublished: article.publishedAt ?? article.createdAt,
    dateModified: article.updatedAt,
    ...(article.imageUrl ? { image: [absoluteUrl(article.imageUrl)] } : {}),
    ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
    mainEntityOfPage: absoluteUrl(`/news/${article.id}`),
    publisher: { "@type": "Organization", name: SITE_TITLE, url: absoluteUrl("/") },
  };
}
