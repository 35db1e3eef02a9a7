/**
 * Page metadata of the unit, hero and spell pages, the spell book and the comparison: the same
 * builders for the Worker's HTML (crawlers, link previews) and the SPA's <PageMeta>. Pure.
 */
import { gamePaths, tierLabel, UPGRADE_LEVEL_LABELS } from "./game";
import { absoluteUrl, breadcrumbJsonLd, pageTitle, SITE_NAME, type JsonLd, type PageMeta } from "./seo";

type FactionForMeta = { id: number; name: string };

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
  faction?: FactionForMeta;
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
  faction?: FactionForMeta;
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

const crumbs = (origin: string, items: { name: string; path: string }[]) =>
  breadcrumbJsonLd(origin, [{ name: "Home", path: "/" }, ...items]);

/** The game the entities belong to (schema.org subjectOf). */
const game = { "@type": "VideoGame", name: SITE_NAME };

const factionCrumbs = (faction: FactionForMeta | undefined) =>
  faction
    ? [
        { name: "Factions", path: "/factions" },
        { name: faction.name, path: gamePaths.faction(faction.id) },
      ]
    : [{ name: "Factions", path: "/factions" }];

export function unitMeta(origin: string, unit: UnitForMeta): PageMeta {
  const path = gamePaths.unit(unit.id);
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
    jsonLd: [entity, crumbs(origin, [...factionCrumbs(unit.faction), { name: unit.name, path }])],
  };
}

export function heroMeta(origin: string, hero: HeroForMeta): PageMeta {
  const path = gamePaths.hero(hero.id);
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
    ...(hero.faction ? { memberOf: { "@type": "Organization", name: hero.faction.name, url: absoluteUrl(origin, gamePaths.faction(hero.faction.id)) } } : {}),
    subjectOf: game,
  };
  return {
    title: pageTitle(hero.name),
    description,
    keywords: [hero.name, ...(hero.faction ? [hero.faction.name] : []), hero.heroType, hero.heroClass, "hero"].filter(Boolean),
    canonical: absoluteUrl(origin, path),
    ogType: "article",
    image,
    jsonLd: [entity, crumbs(origin, [...factionCrumbs(hero.faction), { name: hero.name, path }])],
  };
}

export const SPELL_BOOK_TITLE = "Spell Book";
export const SPELL_BOOK_DESCRIPTION =
  "Every spell of the six schools of magic — Earth, Air, Fire, Water, Light and Dark — with mana cost, power, duration, requirements, effects and the factions that teach it.";

export function spellBookMeta(origin: string): PageMeta {
  const path = gamePaths.spells;
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
      crumbs(origin, [{ name: SPELL_BOOK_TITLE, path }]),
    ],
  };
}

export function spellMeta(origin: string, spell: SpellForMeta): PageMeta {
  const path = gamePaths.spell(spell.id);
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
      crumbs(origin, [
        { name: SPELL_BOOK_TITLE, path: gamePaths.spells },
        { name: spell.name, path },
      ]),
    ],
  };
}

export const COMPARE_TITLE = "Compare Units";

/** The comparison is a tool, not content: never indexed, no canonical. */
export function compareMeta(): PageMeta {
  return {
    title: pageTitle(COMPARE_TITLE),
    description: "Compare up to four units from any factions side by side.",
    keywords: [],
    canonical: null,
    ogType: "website",
    image: null,
    robots: "noindex",
    jsonLd: [],
  };
}

/** A missing unit, hero or spell ('Unit Not Found'): served with 404 and noindex. */
export function gameNotFoundMeta(title: "Unit Not Found" | "Hero Not Found" | "Spell Not Found"): PageMeta {
  return {
    title: pageTitle(title),
    description: "This page does not exist or is no longer available.",
    keywords: [],
    canonical: null,
    ogType: "website",
    image: null,
    robots: "noindex",
    jsonLd: [],
  };
}
