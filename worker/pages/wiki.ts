/**
 * The game wiki pages painted at the edge: a unit, a hero, the spell book (with its filters), a
 * spell, and the comparison (never indexed). Unknown or hidden ids are served with 404.
 */
import { gameKeys, parseCompareUnits, parseSpellBookFilters } from "@shared/game-keys";
import { compareMeta, heroMeta, spellBookMeta, spellMeta, unitMeta } from "@shared/game-seo";
import { MISSING_ITEMS } from "@shared/missing-item";
import { parseId } from "@shared/ids";
import type { Paged } from "../schemas/game-query";
import type { HeroDetail } from "../schemas/hero";
import type { SpellWithFactions } from "../schemas/spell";
import type { UnitDetail, UnitsByIds } from "../schemas/unit";
import { webpTwin } from "@shared/game-ui";
import { api, definePage, type PreloadImage } from "./define";
import { paintSpellBook } from "./paint/game";
import { paintHero, paintSpell, paintUnit } from "./paint/wiki";

/** A portrait as the page shows it: its WebP twin first where there is one. */
const portraitPreload = (src: string | null | undefined): PreloadImage | null => {
  if (!src) return null;
  const webp = webpTwin(src);
  return webp ? { href: webp, type: "image/webp" } : { href: src };
};

export const unitPage = definePage({
  pattern: "/units/:id",
  module: "features/game/routes/unit",
  data: ({ params }) => {
    const id = parseId(params.id);
    return { unit: id === null ? null : api<UnitDetail>(gameKeys.unitPage(id)) };
  },
  meta: ({ origin }, { unit }) => (unit ? { meta: unitMeta(origin, unit) } : null),
  missing: MISSING_ITEMS.unit,
  preloadImage: ({ unit }) => portraitPreload(unit?.portraitUrl),
  paint: (_req, { unit }) => (unit ? paintUnit(unit) : null),
});

export const heroPage = definePage({
  pattern: "/heroes/:id",
  module: "features/game/routes/hero",
  data: ({ params }) => {
    const id = parseId(params.id);
    return { hero: id === null ? null : api<HeroDetail>(gameKeys.heroPage(id)) };
  },
  meta: ({ origin }, { hero }) => (hero ? { meta: heroMeta(origin, hero) } : null),
  missing: MISSING_ITEMS.hero,
  preloadImage: ({ hero }) => portraitPreload(hero?.portraitUrl),
  paint: (_req, { hero }) => (hero ? paintHero(hero) : null),
});

export const spellBookPage = definePage({
  pattern: "/spells",
  module: "features/game/routes/spells",
  data: ({ url }) => ({ spells: api<Paged<SpellWithFactions>>(gameKeys.spellBook(parseSpellBookFilters(url.searchParams))) }),
  meta: ({ origin }) => ({ meta: spellBookMeta(origin) }),
  paint: ({ url }, { spells }) => (spells ? paintSpellBook(parseSpellBookFilters(url.searchParams), spells.items) : null),
});

export const spellPage = definePage({
  pattern: "/spells/:id",
  module: "features/game/routes/spell",
  data: ({ params }) => {
    const id = parseId(params.id);
    return { spell: id === null ? null : api<SpellWithFactions>(gameKeys.spellPage(id)) };
  },
  meta: ({ origin }, { spell }) => (spell ? { meta: spellMeta(origin, spell) } : null),
  missing: MISSING_ITEMS.spell,
  paint: (_req, { spell }) => (spell ? paintSpell(spell) : null),
});

export const comparePage = definePage({
  pattern: "/compare",
  module: "features/game/routes/compare",
  data: ({ url }) => {
    const { ids } = parseCompareUnits(url.searchParams);
    return { units: ids.length ? api<UnitsByIds>(gameKeys.unitsByIds(ids)) : null };
  },
  meta: () => ({ meta: compareMeta() }),
});

export const wikiPages = [unitPage, heroPage, spellBookPage, spellPage, comparePage];
