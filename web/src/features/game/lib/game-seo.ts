/**
 * Page metadata of the game pages (factions, faction detail, game info, game-info articles, unit,
 * hero and spell pages, the spell book, the comparison):
 * the Worker injects it into the HTML for crawlers and link previews, the SPA renders the same
 * through <PageMeta>. Pure; builds on ./seo.ts.
 */
import { tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import { absoluteUrl, homeBreadcrumbs, noindexMeta, pageTitle, SITE_NAME, type JsonLd, type PageMeta } from "@shared/seo";
import { paths } from "@shared/paths";

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
  "Guides, lore and game mechanics for the turn-based fantasy strategy game: every published guide, by category.";

const trimTo = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** /factions: the factions grid. */
export function factionsMeta(origin: string): PageMeta {
  const path = paths.factions();
  return {
    title: pageTitle("Factions"),
    description: FACTIONS_DESCRIPTION,
    keywords: ["factions", "units", "heroes", "game guide", "fantasy strategy"],
    canonical: absoluteUrl(origin, path),
    ogType: "website",
    image: null,
    jsonLd: [homeBreadcrumbs(origin, [{ name: "Factions", path }])],
  };
}

/** A guide as the list's metadata names it. */
type GuideLinkForMeta = { title: string; slug: string };

/**
 * /game-info: the guides, optionally of one category. A category's list is a page of its own
 * (its canonical URL keeps `?category=`); the page number and a search are not (canonical
 * without them). The guides shown are listed as a schema.org ItemList.
 */
export function gameInfoMeta(origin: string, view: { category?: string; guides?: readonly GuideLinkForMeta[] } = {}): PageMeta {
  const path = paths.gameInfo();
  const canonicalPath = view.category ? paths.gameInfo({ category: view.category }) : path;
  const name = view.category ? `Game Info: ${view.category}` : "Game Info";
  const description = view.category ? `${view.category} guides for the turn-based fantasy strategy game.` : GAME_INFO_DESCRIPTION;
  const guides = view.guides ?? [];
  return {
    title: pageTitle(name),
    description,
    keywords: [...(view.category ? [view.category] : []), "game guide", "lore", "game mechanics", "fantasy strategy"],
    canonical: absoluteUrl(origin, canonicalPath),
    ogType: "website",
    image: null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name,
        description,
        url: absoluteUrl(origin, canonicalPath),
        ...(guides.length
          ? {
              mainEntity: {
                "@type": "ItemList",
                numberOfItems: guides.length,
                itemListElement: guides.map((g, index) => ({
                  "@type": "ListItem",
                  position: index + 1,
                  name: g.title,
                  url: absoluteUrl(origin, paths.gameInfoArticle(g.slug)),
                })),
              },
            }
          : {}),
      },
      homeBreadcrumbs(origin, [
        { name: "Game Info", path },
        ...(view.category ? [{ name: view.category, path: canonicalPath }] : []),
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
    url: absoluteUrl(origin, paths.faction(faction.id, { tab: "units" })),
    numberOfItems: units.length,
    itemListElement: units.map((unit, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: unit.name,
      url: absoluteUrl(origin, paths.unit(unit.id)),
    })),
  };
}

export function factionMeta(origin: string, faction: FactionForMeta): PageMeta {
  const path = paths.faction(faction.id);
  const image = faction.bannerUrl ?? faction.backgroundUrl;
  return {
    title: pageTitle(`${faction.name} Faction`),
    description: trimTo(faction.summary || `${faction.name}, a ${faction.alignment} faction of ${SITE_NAME}.`, 300),
    keywords: [faction.name, `${faction.alignment} faction`, "units", "heroes", "spells"],
    canonical: absoluteUrl(origin, path),
    ogType: "website",
    image: image ? absoluteUrl(origin, image) : null,
    jsonLd: [
      homeBreadcrumbs(origin, [
        { name: "Factions", path: paths.factions() },
        { name: faction.name, path },
      ]),
      factionUnitsJsonLd(origin, faction),
    ],
  };
}

export function gameInfoArticleMeta(origin: string, article: GameInfoForMeta): PageMeta {
  const path = paths.gameInfoArticle(article.slug);
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
      homeBreadcrumbs(origin, [
        { name: "Game Info", path: paths.gameInfo() },
        { name: article.title, path },
      ]),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Units, heroes, spells, the spell book and the comparison
// ---------------------------------------------------------------------------------------------

/** A faction as the unit and hero pages name it. */
type FactionLinkForMeta = { id: number; name: string };

export type UnitForMeta = {
  id: number;
  name: string;
  summary: string;
  description: string;
  tier: number;
  unitType: string;
  upgradeLevel: number;
  attack: number;
  defense: number;
  minDamage: number;
  maxDamage: number;
  health: number;
  speed: number;
  portraitUrl: string | null;
  faction?: FactionLinkForMeta;
};

export type HeroForMeta = {
  id: number;
  name: string;
  title: string;
  summary: string;
  biography: string;
  heroClass: string;
  heroType: string;
  specialty: string;
  portraitUrl: string | null;
  faction?: FactionLinkForMeta;
};

export type SpellForMeta = {
  id: number;
  name: string;
  description: string;
  school: string;
  level: number;
  manaCost: number;
  type: string;
};

/** Search-result sized text: whitespace folded, at most `max` characters, cut at a word. */
export function snippet(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** The game the entities belong to (schema.org subjectOf). */
const game = { "@type": "VideoGame", name: SITE_NAME };

const factionCrumbs = (faction: FactionLinkForMeta | undefined) =>
  faction
    ? [
        { name: "Factions", path: paths.factions() },
        { name: faction.name, path: paths.faction(faction.id) },
      ]
    : [{ name: "Factions", path: paths.factions() }];

export function unitMeta(origin: string, unit: UnitForMeta): PageMeta {
  const path = paths.unit(unit.id);
  const level = UPGRADE_LEVEL_LABELS[unit.upgradeLevel] ?? `Upgrade ${unit.upgradeLevel}`;
  const of = unit.faction ? ` of the ${unit.faction.name}` : "";
  const stats = `attack ${unit.attack}, defense ${unit.defense}, damage ${unit.minDamage}–${unit.maxDamage}, health ${unit.health}, speed ${unit.speed}`;
  const description = snippet(`${tierLabel(unit.tier)} ${unit.unitType} unit${of} (${level}): ${stats}. ${unit.summary || unit.description}`);
  const image = unit.portraitUrl ? absoluteUrl(origin, unit.portraitUrl) : null;
  const entity: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Thing",
    name: unit.name,
    description,
    url: absoluteUrl(origin, path),
    ...(image ? { image } : {}),
    subjectOf: game,
  };
  return {
    title: pageTitle(unit.name),
    description,
    keywords: [unit.name, ...(unit.faction ? [unit.faction.name] : []), tierLabel(unit.tier), unit.unitType, "unit stats"],
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image,
    jsonLd: [entity, homeBreadcrumbs(origin, [...factionCrumbs(unit.faction), { name: unit.name, path }])],
  };
}

export function heroMeta(origin: string, hero: HeroForMeta): PageMeta {
  const path = paths.hero(hero.id);
  const of = hero.faction ? ` of the ${hero.faction.name}` : "";
  const description = snippet(
    `${hero.name}, ${hero.title}: ${hero.heroType} hero (${hero.heroClass})${of}, specialty ${hero.specialty}. ${hero.summary || hero.biography}`,
  );
  const image = hero.portraitUrl ? absoluteUrl(origin, hero.portraitUrl) : null;
  const entity: JsonLd = {
    // A fictional character of the game.
    "@context": "https://schema.org",
    "@type": "Person",
    name: hero.name,
    ...(hero.title ? { honorificSuffix: hero.title } : {}),
    description,
    url: absoluteUrl(origin, path),
    ...(image ? { image } : {}),
    ...(hero.faction ? { memberOf: { "@type": "Organization", name: hero.faction.name, url: absoluteUrl(origin, paths.faction(hero.faction.id)) } } : {}),
    subjectOf: game,
  };
  return {
    title: pageTitle(hero.name),
    description,
    keywords: [hero.name, ...(hero.faction ? [hero.faction.name] : []), hero.heroType, hero.heroClass, "hero"].filter(Boolean),
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image,
    jsonLd: [entity, homeBreadcrumbs(origin, [...factionCrumbs(hero.faction), { name: hero.name, path }])],
  };
}

export const SPELL_BOOK_TITLE = "Spell Book";
export const SPELL_BOOK_DESCRIPTION =
  "Every spell of the six schools of magic — Earth, Air, Fire, Water, Light and Dark — with mana cost, power, duration, requirements, effects and the factions that teach it.";

export function spellBookMeta(origin: string): PageMeta {
  const path = paths.spells();
  return {
    title: pageTitle(SPELL_BOOK_TITLE),
    description: SPELL_BOOK_DESCRIPTION,
    keywords: ["spells", "spell book", "schools of magic", "mana cost"],
    canonical: absoluteUrl(origin, path),
    ogType: "website",
    image: null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: SPELL_BOOK_TITLE,
        description: SPELL_BOOK_DESCRIPTION,
        url: absoluteUrl(origin, path),
      },
      homeBreadcrumbs(origin, [{ name: SPELL_BOOK_TITLE, path }]),
    ],
  };
}

export function spellMeta(origin: string, spell: SpellForMeta): PageMeta {
  const path = paths.spell(spell.id);
  const description = snippet(
    `Level ${spell.level} ${spell.school} ${spell.type.toLowerCase()} spell, ${spell.manaCost} mana. ${spell.description}`,
  );
  return {
    title: pageTitle(spell.name),
    description,
    keywords: [spell.name, `${spell.school} magic`, `level ${spell.level} spell`, "spell book"],
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image: null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Thing",
        name: spell.name,
        description,
        url: absoluteUrl(origin, path),
        subjectOf: game,
      },
      homeBreadcrumbs(origin, [
        { name: SPELL_BOOK_TITLE, path: paths.spells() },
        { name: spell.name, path },
      ]),
    ],
  };
}

export const COMPARE_TITLE = "Compare Units";

/** The comparison is a tool, not content: never indexed, no canonical. */
export function compareMeta(): PageMeta {
  return noindexMeta(COMPARE_TITLE, "Compare up to four units from any factions side by side.");
}

