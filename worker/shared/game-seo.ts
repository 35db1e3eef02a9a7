/**
 * Page metadata of the game pages (factions, faction detail, game info, game-info articles):
 * the Worker injects it into the HTML for crawlers and link previews, the SPA renders the same
 * through <PageMeta>. Pure; builds on ./seo.ts.
 */
import { absoluteUrl, breadcrumbJsonLd, pageTitle, SITE_NAME, type JsonLd, type PageMeta } from "./seo";

/** The faction fields the metadata uses (a Faction from the API fits). */
export type FactionForMeta = {
  id: number;
  name: string;
  alignment: string;
  summary: string;
  specialty: string;
  bannerUrl: string | null;
  backgroundUrl: string | null;
  units?: readonly { id: number; name: string; tier: number; upgradeLevel: number }[];
};

/** The article fields the metadata uses (a GameInfoArticle fits). */
export type GameInfoForMeta = {
  title: string;
  slug: string;
  category: string;
  summary: string;
  author: string;
  imageUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export const FACTIONS_DESCRIPTION =
  "Every faction of the realm: their alignment, specialty, units and heroes, with stats for every tier and upgrade.";
export const GAME_INFO_DESCRIPTION =
  "Guides, lore and game mechanics for the turn-based fantasy strategy game, plus every faction with its units and heroes.";

const trimTo = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** /factions and /game-info (the same screen; game info adds the featured articles). */
export function factionsMeta(origin: string, path: "/factions" | "/game-info" = "/factions"): PageMeta {
  const gameInfo = path === "/game-info";
  const name = gameInfo ? "Game Info" : "Factions";
  return {
    title: pageTitle(name),
    description: gameInfo ? GAME_INFO_DESCRIPTION : FACTIONS_DESCRIPTION,
    keywords: ["factions", "units", "heroes", "game guide", "fantasy strategy"],
    canonical: absoluteUrl(origin, path),
    ogType: "website",
    image: null,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name, path },
      ]),
    ],
  };
}

/** The units of a faction as a schema.org ItemList (base units first, by tier). */
export function factionUnitsJsonLd(origin: string, faction: FactionForMeta): JsonLd {
  const units = [...(faction.units ?? [])].sort((a, b) => a.upgradeLevel - b.upgradeLevel || a.tier - b.tier || a.id - b.id);
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: `${faction.name} units`,
    url: absoluteUrl(origin, `/factions/${faction.id}?tab=units`),
    numberOfItems: units.length,
    itemListElement: units.map((unit, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: unit.name,
      url: absoluteUrl(origin, `/units/${unit.id}`),
    })),
  };
}

export function factionMeta(origin: string, faction: FactionForMeta): PageMeta {
  const path = `/factions/${faction.id}`;
  const image = faction.bannerUrl ?? faction.backgroundUrl;
  return {
    title: pageTitle(`${faction.name} Faction`),
    description: trimTo(faction.summary || `${faction.name}, a ${faction.alignment} faction of ${SITE_NAME}.`, 300),
    keywords: [faction.name, `${faction.alignment} faction`, "units", "heroes", "spells"],
    canonical: absoluteUrl(origin, path),
    ogType: "website",
    image: image ? absoluteUrl(origin, image) : null,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: "Factions", path: "/factions" },
        { name: faction.name, path },
      ]),
      factionUnitsJsonLd(origin, faction),
    ],
  };
}

/** A missing or inactive faction: the SPA shows 'Faction Not Found'; crawlers get noindex. */
export function factionNotFoundMeta(): PageMeta {
  return {
    title: pageTitle("Faction Not Found"),
    description: "This faction does not exist.",
    keywords: [],
    canonical: null,
    ogType: "website",
    image: null,
    robots: "noindex",
    jsonLd: [],
  };
}

export function gameInfoArticleMeta(origin: string, article: GameInfoForMeta): PageMeta {
  const path = `/game-info/${article.slug}`;
  const published = article.publishedAt ?? article.createdAt;
  return {
    title: pageTitle(article.title),
    description: trimTo(article.summary || article.title, 300),
    keywords: [article.category, "game guide", "fantasy strategy"],
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image: article.imageUrl ? absoluteUrl(origin, article.imageUrl) : null,
    article: { publishedTime: published, modifiedTime: article.updatedAt, author: article.author || SITE_NAME, tags: [article.category] },
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.summary,
        articleSection: article.category,
        author: { "@type": "Organization", name: article.author || SITE_NAME },
        datePublished: published,
        dateModified: article.updatedAt,
        ...(article.imageUrl ? { image: [absoluteUrl(origin, article.imageUrl)] } : {}),
        mainEntityOfPage: absoluteUrl(origin, path),
        inLanguage: "en-US",
      },
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: "Game Info", path: "/game-info" },
        { name: article.title, path },
      ]),
    ],
  };
}

export function gameInfoNotFoundMeta(): PageMeta {
  return {
    title: pageTitle("Article Not Found"),
    description: "This game-info article does not exist or is not published.",
    keywords: [],
    canonical: null,
    ogType: "website",
    image: null,
    robots: "noindex",
    jsonLd: [],
  };
}
