/**
 * First views of the game pages as HTML (see ./news.ts for how a painted view mirrors its React
 * component): the factions grid (/factions and /game-info), a faction, a game-info article and the
 * spell book. Each function names the component it mirrors; the same elements, classes and texts
 * for the same data, as a guest sees them. `html` escapes every interpolated string.
 */
import { html } from "hono/html";
import type { Alignment } from "@shared/game";
import { alignmentBadgeClass, FACTIONS_COPY } from "@shared/game-ui";
import type { Faction } from "../../schemas/faction";
import type { Paged } from "../../schemas/game-query";
import type { GameInfoListItem } from "../../schemas/gameinfo";
import { portrait, type Html } from "./common";

/** AlignmentBadge (features/game/components/alignment-badge.tsx). */
function alignmentBadge(alignment: Alignment, className = ""): Html {
  return html`<span data-alignment="${alignment}" class="${alignmentBadgeClass(alignment, className)}">${alignment}</span>`;
}

/** FactionCard (features/game/components/faction-card.tsx), as a guest sees it (no Edit link). */
function factionCard(faction: Faction): Html {
  return html`<article class="relative flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md"><div class="flex items-start gap-4">${portrait(faction.logoUrl, faction.name, 64)}<div class="min-w-0 flex-1"><h2 class="font-display text-xl font-bold text-ink"><a href="/factions/${faction.id}" class="outline-none after:absolute after:inset-0 after:rounded-2xl">${faction.name}</a></h2>${alignmentBadge(faction.alignment, "mt-1.5")}</div></div><p class="text-sm text-ink-muted">${faction.summary}</p><dl class="mt-auto flex flex-wrap gap-x-5 gap-y-1 text-sm"><div class="flex gap-1"><dt class="text-ink-muted">Units</dt><dd class="font-semibold text-ink">${faction.unitCount}</dd></div><div class="flex gap-1"><dt class="text-ink-muted">Heroes</dt><dd class="font-semibold text-ink">${faction.heroCount}</dd></div></dl></article>`;
}

/** GameInfoCard (features/game/components/game-info-card.tsx). */
function gameInfoCard(article: GameInfoListItem): Html {
  return html`<article class="relative flex flex-col gap-2 rounded-xl border border-line bg-surface p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md"><p class="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">${article.category}</p><h3 class="text-lg font-semibold text-ink"><a href="/game-info/${article.slug}" class="outline-none after:absolute after:inset-0 after:rounded-xl">${article.title}</a></h3><p class="text-sm text-ink-muted">${article.summary}</p></article>`;
}

/**
 * /factions and /game-info (features/game/routes/factions.tsx): the heading, the featured guides
 * (/game-info) and the factions grid. Null when a list the page shows is missing or empty (the
 * app's own states then show once it runs).
 */
export function paintFactions(factions: Paged<Faction> | null, featured: GameInfoListItem[] | null | undefined): string | null {
  const gameInfo = featured !== undefined;
  if (!factions?.items.length || (gameInfo && !featured?.length)) return null;
  const featuredSection = gameInfo
    ? html`<section aria-labelledby="featured-heading" class="mt-8"><h2 id="featured-heading" class="mb-4 font-display text-2xl font-bold text-ink">${FACTIONS_COPY.featuredTitle}</h2><ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${featured!.map(
        (article) => html`<li class="flex [&>article]:w-full">${gameInfoCard(article)}</li>`,
      )}</ul></section>`
    : null;
  return html`<div class="mx-auto max-w-6xl px-4 py-10"><h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${gameInfo ? FACTIONS_COPY.gameInfoTitle : FACTIONS_COPY.factionsTitle}</h1><p class="mt-2 max-w-2xl text-ink-muted">${gameInfo ? FACTIONS_COPY.gameInfoIntro : FACTIONS_COPY.factionsIntro}</p>${featuredSection}${
    gameInfo
      ? html`<section aria-labelledby="factions-heading" class="mt-8"><h2 id="factions-heading" class="mb-4 font-display text-2xl font-bold text-ink">${FACTIONS_COPY.factionsTitle}</h2>${factionGrid(factions.items)}</section>`
      : html`<section class="mt-8">${factionGrid(factions.items)}</section>`
  }</div>`.toString();
}

function factionGrid(factions: Faction[]): Html {
  return html`<ul class="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">${factions.map(
    (faction) => html`<li class="flex"><div class="flex w-full [&>article]:w-full">${factionCard(faction)}</div></li>`,
  )}</ul>`;
}
