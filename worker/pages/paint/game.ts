/**
 * First views of the game pages as HTML (see ./news.ts for how a painted view mirrors its React
 * component): the factions grid (/factions and /game-info), a faction, a game-info article and the
 * spell book. Each function names the component it mirrors; the same elements, classes and texts
 * for the same data, as a guest sees them. `html` escapes every interpolated string.
 */
import { html } from "hono/html";
import { badgeClass } from "@shared/badge-class";
import { buttonClass } from "@shared/button-class";
import { formatLongDate } from "@shared/format-date";
import { gamePaths, SPELL_LEVEL_RANGE, SPELL_SCHOOLS, SPELL_TARGETS, SPELL_TYPES, type Alignment } from "@shared/game";
import type { FactionTab, FactionView, SpellBookFilters } from "@shared/game-keys";
import { SPELL_BOOK_DESCRIPTION, SPELL_BOOK_TITLE } from "@shared/game-seo";
import { alignmentBadgeClass, factionBannerImage, FACTIONS_COPY, spellsBySchool } from "@shared/game-ui";
import { SPELL_CARD_OFFSCREEN } from "@shared/offscreen";
import { TAB_LOOKS, tabClass } from "@shared/tab-class";
import type { Faction } from "../../schemas/faction";
import type { Paged } from "../../schemas/game-query";
import type { GameInfoArticle, GameInfoListItem } from "../../schemas/gameinfo";
import type { Spell, SpellWithFactions } from "../../schemas/spell";
import { breadcrumb, portrait, type Html, spellDetails } from "./common";

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

/** SpellList (features/game/components/spell-list.tsx): the mage guild's spells by school and level. */
function spellList(spells: Spell[]): Html {
  const schools = spellsBySchool(spells);
  if (!schools.length) return html`<p class="text-ink-muted">This faction's mage guild offers no spells yet.</p>`;
  return html`<div class="grid items-start gap-5 sm:grid-cols-2">${schools.map(
    (group) =>
      html`<section aria-labelledby="school-${group.school}" class="rounded-xl border border-line bg-surface p-4"><h3 id="school-${group.school}" class="font-semibold text-ink">${group.school} magic</h3><ul class="mt-2 divide-y divide-line text-sm">${group.spells.map(
        (spell) =>
          html`<li class="flex items-baseline justify-between gap-3 py-1.5"><span class="min-w-0"><span class="text-ink-muted">Level ${spell.level}</span> · <a href="${gamePaths.spell(spell.id)}" class="font-medium text-ink hover:underline">${spell.name}</a>${
            spell.isCommon ? html`<span class="ml-1 text-xs text-ink-muted">(common)</span>` : null
          }</span><span class="shrink-0 text-xs text-ink-muted tabular-nums">${spell.manaCost} mana</span></li>`,
      )}</ul></section>`,
  )}</div>`;
}

/** The banner's background, with its resized copies when it is in the site's storage. */
function bannerImage(url: string): Html {
  const variants = factionBannerImage(url);
  const candidates = variants ? html` srcset="${variants.srcset}" sizes="${variants.sizes}"` : null;
  return html`<img src="${url}"${candidates} alt="" width="1600" height="900" fetchpriority="high" decoding="async" class="absolute inset-0 h-full w-full object-cover">`;
}

/** FactionBanner (features/game/routes/faction-detail.tsx), as a guest sees it (no Edit link). */
function factionBanner(faction: Faction): Html {
  return html`<header class="relative mt-4 overflow-hidden rounded-2xl bg-stone-900 text-white shadow-md">${
    faction.backgroundUrl
      ? bannerImage(faction.backgroundUrl)
      : null
  }<div aria-hidden="true" class="absolute inset-0 bg-gradient-to-r from-stone-950/90 via-stone-950/75 to-stone-950/40"></div><div class="relative flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-10">${portrait(faction.logoUrl, faction.name, 112, { eager: true, className: "ring-2 ring-white/30" })}<div class="min-w-0 flex-1"><div class="flex flex-wrap items-center gap-3"><h1 class="font-display text-3xl font-bold tracking-tight sm:text-4xl">${faction.name}</h1>${alignmentBadge(faction.alignment)}${
    !faction.isActive ? html`<span class="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">Inactive</span>` : null
  }</div><p class="mt-3 max-w-3xl text-stone-100">${faction.summary}</p><dl class="mt-5 flex flex-wrap gap-x-8 gap-y-3 text-sm">${
    faction.specialty ? html`<div class="max-w-md"><dt class="text-stone-300">Specialty</dt><dd class="font-semibold">${faction.specialty}</dd></div>` : null
  }<div><dt class="text-stone-300">Units</dt><dd class="text-lg font-semibold tabular-nums">${faction.unitCount}</dd></div><div><dt class="text-stone-300">Heroes</dt><dd class="text-lg font-semibold tabular-nums">${faction.heroCount}</dd></div></dl></div></div></header>`;
}

/** Overview (features/game/routes/faction-detail.tsx): description, spells, resources and bonuses. */
function factionOverview(faction: Faction): Html {
  const aside = (title: string, text: string | null) =>
    text ? html`<section class="rounded-xl border border-line bg-surface p-5"><h2 class="font-semibold text-ink">${title}</h2><p class="mt-2 text-sm whitespace-pre-line text-ink-muted">${text}</p></section>` : null;
  return html`<div class="grid gap-8 lg:grid-cols-3"><div class="lg:col-span-2"><h2 class="font-display text-2xl font-bold text-ink">About the ${faction.name}</h2><div class="mt-3 leading-relaxed break-words whitespace-pre-line text-ink">${faction.description}</div><section aria-labelledby="spells-heading" class="mt-10"><h2 id="spells-heading" class="font-display text-2xl font-bold text-ink">Spells</h2><p class="mt-1 mb-4 text-sm text-ink-muted">What this faction's mage guild teaches, by school and level.</p>${spellList(faction.spells ?? [])}</section></div><aside class="space-y-5">${aside("Starting Resources", faction.startingResources)}${aside("Faction Bonuses", faction.factionBonuses)}</aside></div>`;
}

/**
 * /factions/{id} (features/game/routes/faction-detail.tsx): breadcrumb, banner, the tab row and,
 * on the Overview tab, its panel. The Units and Heroes tabs (filters with state) leave their panel
 * to the app: only the page's footer comes after it.
 */
export function paintFaction(faction: Faction, view: FactionView): string {
  const tabs: { id: FactionTab; label: string }[] = [
    { id: "overview", label: "Overview" },
    { id: "units", label: `Units (${faction.unitCount})` },
    { id: "heroes", label: `Heroes (${faction.heroCount})` },
  ];
  return html`<div class="mx-auto max-w-6xl px-4 py-8">${breadcrumb(
    [
      { label: "Home", to: "/" },
      { label: "Factions", to: "/factions" },
    ],
    faction.name,
  )}${factionBanner(faction)}<div class="mt-8"><div role="tablist" aria-label="${faction.name} sections" class="${TAB_LOOKS.underline.list}">${tabs.map((tab) => {
    const active = tab.id === view.tab;
    return html`<button type="button" disabled role="tab" id="faction-tab-${tab.id}" aria-selected="${String(active)}" aria-controls="faction-panel-${tab.id}" tabindex="${active ? "0" : "-1"}" class="${tabClass("underline", active)}">${tab.label}</button>`;
  })}</div><div role="tabpanel" id="faction-panel-${view.tab}" aria-labelledby="faction-tab-${view.tab}" tabindex="0" class="rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4">${
    view.tab === "overview" ? factionOverview(faction) : null
  }</div></div></div>`.toString();
}

/**
 * /game-info/{slug} (features/game/routes/game-info-article.tsx): the article down to its way
 * back, then its related articles (RelatedArticles; nothing when there are none).
 */
export function paintGameInfoArticle(article: GameInfoArticle, related: GameInfoListItem[]): string {
  const published = article.publishedAt ?? article.createdAt;
  return html`<article class="mx-auto max-w-3xl px-4 py-10">${breadcrumb(
    [
      { label: "Home", to: "/" },
      { label: "Game Info", to: "/game-info" },
    ],
    article.title,
  )}<header class="mt-6"><p class="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">${article.category}</p><h1 class="mt-2 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${article.title}</h1>${
    article.summary ? html`<p class="mt-4 text-lg text-ink-muted">${article.summary}</p>` : null
  }<p class="mt-3 text-sm text-ink-muted">${article.author ? html`By ${article.author} · ` : null}<time datetime="${published}">${formatLongDate(published)}</time>${
    !article.isPublished ? html`<span class="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>` : null
  }</p></header><div data-testid="gameinfo-content" class="mt-8 text-lg leading-relaxed break-words whitespace-pre-line text-ink">${article.content}</div><div class="mt-10"><a href="/game-info" class="${buttonClass({ variant: "secondary" })}">← All Game Info</a></div>${
    related.length
      ? html`<section aria-labelledby="related-heading" class="mt-12 border-t border-line pt-8"><h2 id="related-heading" class="font-display text-2xl font-bold text-ink">Related Articles</h2><ul class="mt-4 grid gap-4 sm:grid-cols-2">${related.map(
          (a) => html`<li class="flex [&>article]:w-full">${gameInfoCard(a)}</li>`,
        )}</ul></section>`
      : null
  }</article>`.toString();
}

/** FilterSelect (features/game/components/filter-select.tsx), showing `value` (it changes nothing before the app runs). */
function filterSelect(id: string, label: string, value: string, options: { value: string; label: string }[]): Html {
  return html`<div class="flex flex-col gap-1"><label for="${id}" class="text-xs font-semibold text-ink-muted">${label}</label><select id="${id}" disabled class="h-10 min-w-40 rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600">${options.map(
    (o) => html`<option value="${o.value}"${o.value === value ? html` selected` : null}>${o.label}</option>`,
  )}</select></div>`;
}

const SPELL_LEVELS = Array.from({ length: SPELL_LEVEL_RANGE.max - SPELL_LEVEL_RANGE.min + 1 }, (_, i) => SPELL_LEVEL_RANGE.min + i);
const all = (label: string) => ({ value: "", label });

/**
 * /spells (features/game/routes/spells.tsx): breadcrumb, heading, the filter bar with the URL's
 * values (the same boxes; it works once the app runs) and the matching spells' cards.
 */
export function paintSpellBook(filters: SpellBookFilters, spells: SpellWithFactions[]): string {
  const active = Object.values(filters).some((v) => v !== undefined);
  return html`<div class="mx-auto max-w-6xl px-4 py-8">${breadcrumb([{ label: "Home", to: "/" }], SPELL_BOOK_TITLE)}<h1 class="mt-4 font-display text-3xl font-bold tracking-tight text-ink">${SPELL_BOOK_TITLE}</h1><p class="mt-2 max-w-3xl text-ink-muted">${SPELL_BOOK_DESCRIPTION}</p><div role="search" aria-label="Filter spells" class="mt-6 flex flex-wrap items-end gap-3">${filterSelect(
    "spell-school",
    "School",
    filters.school ?? "",
    [all("All Schools"), ...SPELL_SCHOOLS.map((s) => ({ value: s, label: s }))],
  )}${filterSelect("spell-level", "Level", filters.level === undefined ? "" : String(filters.level), [
    all("All Levels"),
    ...SPELL_LEVELS.map((l) => ({ value: String(l), label: `Level ${l}` })),
  ])}${filterSelect("spell-type", "Type", filters.type ?? "", [all("All Types"), ...SPELL_TYPES.map((t) => ({ value: t, label: t }))])}${filterSelect(
    "spell-target",
    "Target",
    filters.target ?? "",
    [all("All Targets"), ...SPELL_TARGETS.map((t) => ({ value: t, label: t }))],
  )}${active ? html`<button type="button" disabled class="${buttonClass({ variant: "ghost" })}">Clear Filters</button>` : null}</div><div class="mt-6" aria-busy="false">${
    spells.length
      ? html`<p class="mb-3 text-sm text-ink-muted" role="status" data-testid="spell-count">${spells.length} ${spells.length === 1 ? "spell" : "spells"}</p><ul class="grid gap-4 md:grid-cols-2" data-testid="spell-list">${spells.map(
          (spell) =>
            html`<li><article aria-labelledby="spell-${spell.id}" class="h-full rounded-2xl border border-line bg-surface p-5 shadow-sm ${SPELL_CARD_OFFSCREEN}"><div class="flex flex-wrap items-start justify-between gap-2"><h2 id="spell-${spell.id}" class="text-lg font-semibold text-ink"><a href="${gamePaths.spell(spell.id)}" class="hover:text-brand-700 hover:underline dark:hover:text-brand-400">${spell.name}</a></h2><div class="flex gap-1.5"><span class="${badgeClass("brand")}">${spell.school}</span><span class="${badgeClass()}">Level ${spell.level}</span></div></div><p class="mt-2 text-sm text-ink-muted">${spell.description}</p><div class="mt-4">${spellDetails(spell, 3)}</div></article></li>`,
        )}</ul>`
      : null
  }</div></div>`.toString();
}
