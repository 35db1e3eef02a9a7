/** The game pages painted at the edge: factions (and /game-info), a faction, a game-info article. */
import { factionMeta, factionsMeta, gameInfoArticleMeta } from "@shared/game-seo";
import { MISSING_ITEMS } from "@shared/missing-item";
import { SLUG_MAX, SLUG_PATTERN } from "@shared/game";
import { gameKeys, parseFactionView } from "@shared/game-keys";
import { factionBannerImage } from "@shared/game-ui";
import { parseId } from "@shared/ids";
import type { Faction } from "../schemas/faction";
import type { Paged } from "../schemas/game-query";
import type { GameInfoArticle, GameInfoItems } from "../schemas/gameinfo";
import { api, definePage } from "./define";
import { paintFaction, paintFactions, paintGameInfoArticle } from "./paint/game";

export const factionsPage = definePage({
  pattern: "/factions",
  module: "features/game/routes/factions",
  data: () => ({ factions: api<Paged<Faction>>(gameKeys.factions()) }),
  meta: ({ origin }) => ({ meta: factionsMeta(origin, "/factions") }),
  paint: (_req, { factions }) => paintFactions(factions, undefined),
});

export const gameInfoPage = definePage({
  pattern: "/game-info",
  module: "features/game/routes/factions",
  data: () => ({
    factions: api<Paged<Faction>>(gameKeys.factions()),
    featured: api<GameInfoItems>(gameKeys.gameInfoFeatured()),
  }),
  meta: ({ origin }) => ({ meta: factionsMeta(origin, "/game-info") }),
  paint: (_req, { factions, featured }) => paintFactions(factions, featured?.items ?? null),
});

export const factionPage = definePage({
  pattern: "/factions/:id",
  module: "features/game/routes/faction-detail",
  data: ({ params }) => {
    const id = parseId(params.id);
    return { faction: id === null ? null : api<Faction>(gameKeys.factionPage(id)) };
  },
  meta: ({ origin }, { faction }) => (faction ? { meta: factionMeta(origin, faction) } : null),
  missing: MISSING_ITEMS.faction,
  // The banner's background is the largest image above the fold.
  preloadImage: ({ faction }) => (faction?.backgroundUrl ? { href: faction.backgroundUrl, ...factionBannerImage(faction.backgroundUrl) } : null),
  paint: ({ url }, { faction }) => (faction ? paintFaction(faction, parseFactionView(url.searchParams)) : null),
});

export const gameInfoArticlePage = definePage({
  pattern: "/game-info/:slug",
  module: "features/game/routes/game-info-article",
  data: ({ params }) => {
    const slug = params.slug ?? "";
    const valid = slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
    return {
      article: valid ? api<GameInfoArticle>(gameKeys.gameInfoArticle(slug)) : null,
      related: valid ? api<GameInfoItems>(gameKeys.gameInfoRelated(slug)) : null,
    };
  },
  meta: ({ origin }, { article }) => (article ? { meta: gameInfoArticleMeta(origin, article) } : null),
  missing: MISSING_ITEMS.gameInfoArticle,
  paint: (_req, { article, related }) => (article ? paintGameInfoArticle(article, related?.items ?? []) : null),
});

export const gamePages = [factionsPage, gameInfoPage, factionPage, gameInfoArticlePage];
