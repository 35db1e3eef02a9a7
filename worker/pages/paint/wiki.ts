/**
 * First views of the game wiki pages (a unit, a hero, a spell) as HTML, painted by the Worker into
 * the shell's page slot: the same elements, classes and texts as the React components named on
 * each function render for a guest (see ./news.ts for the rules). Buttons that only work with the
 * app (Compare) are painted as they look before anything was chosen, so nothing below them moves;
 * the app replaces them with its own. `html` escapes every interpolated string.
 */
import { html } from "hono/html";
import { breadcrumb, portrait, type Html, spellDetails } from "./common";
import { badgeClass, type BadgeTone } from "@shared/badge-class";
import { buttonClass } from "@shared/button-class";
import { gamePaths, RARITY_RANGE, tierLabel, UPGRADE_LEVEL_LABELS } from "@shared/game";
import { SPELL_BOOK_TITLE } from "@shared/game-seo";
import { abilityList, textList } from "@shared/game-text";
import { CHAIN_CARD_OFFSCREEN, SAME_TIER_CARD_OFFSCREEN, SECTION_OFFSCREEN } from "@shared/offscreen";
import { signed, statDiffs, UNIT_STATS, unitStatRows } from "@shared/unit-stats";
import type { HeroDetail } from "../../schemas/hero";
import type { SpellWithFactions } from "../../schemas/spell";
import type { Unit, UnitDetail } from "../../schemas/unit";

const LINK = "font-medium text-brand-700 hover:underline dark:text-brand-400";
const H2 = "font-display text-xl font-bold text-ink";

/** Badge (components/ui/badge.tsx). */
const badge = (content: unknown, tone: BadgeTone = "neutral"): Html => html`<span class="${badgeClass(tone)}">${content}</span>`;

/** CompareToggle (features/game/components/compare-toggle.tsx) with nothing chosen yet. */
function compareToggle(unit: { name: string }, size: "sm" | "md" = "sm"): Html {
  return html`<span class="inline-flex flex-col items-start gap-1"><button type="button" disabled class="${buttonClass({ variant: "secondary", size })}" aria-pressed="false" aria-label="Compare ${unit.name}" data-testid="compare-toggle"><span aria-hidden="true">+</span>Compare</button></span>`;
}

type Member = { name: string; summary: string; portraitUrl: string | null; faction?: { id: number; name: string } | null };

/** FactionMemberHeader (features/game/components/faction-member-header.tsx). */
function memberHeader(entity: Member, badges: Html[], subtitle: Html | null, children: Html | null): Html {
  const faction = entity.faction;
  return html`${breadcrumb(
    [{ label: "Home", to: "/" }, { label: "Factions", to: "/factions" }, ...(faction ? [{ label: faction.name, to: gamePaths.faction(faction.id) }] : [])],
    entity.name,
  )}<header class="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">${portrait(entity.portraitUrl, entity.name, 160, { eager: true })}<div class="min-w-0 flex-1"><div class="flex flex-wrap items-center gap-2">${badges}</div><h1 class="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${entity.name}</h1>${subtitle}${
    faction ? html`<p class="mt-1 text-ink-muted">Faction: <a href="${gamePaths.faction(faction.id)}" class="${LINK}">${faction.name}</a></p>` : null
  }${entity.summary ? html`<p class="mt-3 text-lg text-ink">${entity.summary}</p>` : null}${children}</div></header>`;
}

/** UnitStatList (features/game/components/unit-stats.tsx). */
function unitStatList(unit: Unit): Html {
  const rows = unitStatRows(unit);
  return html`<dl class="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-line bg-line sm:grid-cols-5 mt-3" data-testid="unit-stats">${rows.map(
    ([label, value]) => html`<div class="bg-surface px-3 py-2"><dt class="text-xs font-medium text-ink-muted">${label}</dt><dd class="text-lg font-semibold text-ink tabular-nums">${value}</dd></div>`,
  )}</dl>`;
}

const levelLabel = (level: number) => UPGRADE_LEVEL_LABELS[level] ?? `Upgrade ${level}`;

/** UpgradeChain (features/game/components/upgrade-chain.tsx). */
function upgradeChain(chain: readonly Unit[], currentId: number): Html {
  return html`<ol class="grid gap-4 md:grid-cols-3" data-testid="upgrade-chain">${chain.map((unit, i) => {
    const previous = i > 0 ? chain[i - 1] : undefined;
    const diffs = previous ? statDiffs(previous, unit) : [];
    const changed = new Map(diffs.map((d) => [d.stat.key, d]));
    const current = unit.id === currentId;
    return html`<li${current ? html` aria-current="page"` : null} class="rounded-2xl border bg-surface p-4 ${CHAIN_CARD_OFFSCREEN} ${current ? "border-brand-600 ring-2 ring-brand-600/30" : "border-line"}"><p class="text-xs font-semibold tracking-wide text-ink-muted uppercase">${levelLabel(unit.upgradeLevel)}</p><h3 class="mt-1 font-display text-lg font-bold text-ink">${
      current ? unit.name : html`<a href="${gamePaths.unit(unit.id)}" class="hover:underline">${unit.name}</a>`
    }</h3>${
      previous
        ? html`<p class="mt-1 text-sm text-ink-muted" data-testid="upgrade-diff-summary">${
            diffs.length
              ? `Compared with ${previous.name}: ${diffs.map((d) => `${signed(d.delta)} ${d.stat.label.toLowerCase()}`).join(", ")}`
              : `Same stats as ${previous.name}`
          }</p>`
        : null
    }<dl class="mt-3 space-y-1 text-sm">${UNIT_STATS.map((stat) => {
      const diff = changed.get(stat.key);
      return html`<div class="flex items-baseline justify-between gap-2"><dt class="text-ink-muted">${stat.label}</dt><dd class="font-semibold text-ink tabular-nums">${unit[stat.key]}${
        diff
          ? html`<span aria-hidden="true" data-testid="diff-${stat.key}" class="ml-1.5 text-xs font-bold ${diff.better ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}">${signed(diff.delta)}</span>`
          : null
      }</dd></div>`;
    })}</dl></li>`;
  })}</ol>`;
}

/** The unit page (features/game/routes/unit.tsx): all of it but the comparison tray (empty for a guest). */
export function paintUnit(unit: UnitDetail): string {
  const abilities = abilityList(unit.specialAbilities);
  const chain = unit.upgrades ?? [];
  const sameTier = unit.sameTier ?? [];
  const badges = [
    badge(tierLabel(unit.tier), "brand"),
    badge(unit.unitType),
    badge(levelLabel(unit.upgradeLevel), "info"),
    unit.isActive ? null : badge("Inactive", "warning"),
  ].filter((b): b is Html => b !== null);
  return html`<article class="mx-auto max-w-6xl px-4 py-8 pb-28">${memberHeader(unit, badges, null, html`<div class="mt-4">${compareToggle(unit, "md")}</div>`)}<section aria-labelledby="stats-heading" class="mt-8"><h2 id="stats-heading" class="${H2}">Stats</h2>${unitStatList(unit)}</section><div class="mt-8 grid gap-8 md:grid-cols-2"><section aria-labelledby="abilities-heading"><h2 id="abilities-heading" class="${H2}">Special abilities</h2>${
    abilities.length
      ? html`<ul class="mt-3 list-disc space-y-1 pl-5 text-ink">${abilities.map((line) => html`<li>${line}</li>`)}</ul>`
      : html`<p class="mt-3 text-ink-muted">This unit has no special abilities.</p>`
  }</section><section aria-labelledby="description-heading"><h2 id="description-heading" class="${H2}">Description</h2><p class="mt-3 break-words whitespace-pre-line text-ink">${unit.description}</p></section></div>${
    chain.length > 1
      ? html`<section aria-labelledby="chain-heading" class="mt-10"><h2 id="chain-heading" class="${H2}">Upgrade chain</h2><p class="mt-1 text-sm text-ink-muted">Each level shows how its stats differ from the level before.</p><div class="mt-4">${upgradeChain(chain, unit.id)}</div></section>`
      : null
  }<section aria-labelledby="same-tier-heading" class="mt-10"><h2 id="same-tier-heading" class="${H2}">${tierLabel(unit.tier)} in other factions</h2>${
    sameTier.length
      ? html`<ul class="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="same-tier">${sameTier.map(
          (other) =>
            html`<li class="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 ${SAME_TIER_CARD_OFFSCREEN}">${portrait(other.portraitUrl, other.name, 48)}<div class="min-w-0 flex-1"><a href="${gamePaths.unit(other.id)}" class="block font-semibold break-words text-ink hover:underline">${other.name}</a><span class="text-sm text-ink-muted">${other.faction.name} · ${other.unitType}</span></div>${compareToggle(other)}</li>`,
        )}</ul>`
      : html`<p class="mt-3 text-ink-muted">No other faction has a unit of this tier.</p>`
  }</section></article>`.toString();
}

/** StatList (features/game/components/stat-list.tsx). */
function statList(stats: { label: string; value: string | number }[], columns: 3 | 4 = 3): Html {
  return html`<dl class="grid ${columns === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"} gap-x-3 gap-y-2 text-sm">${stats.map(
    (s) => html`<div class="min-w-0"><dt class="truncate text-xs text-ink-muted">${s.label}</dt><dd class="font-semibold text-ink tabular-nums">${s.value}</dd></div>`,
  )}</dl>`;
}

/** The hero page (features/game/routes/hero.tsx), all of it. */
export function paintHero(hero: HeroDetail): string {
  const skills = textList(hero.startingSkills);
  const spellNames = textList(hero.startingSpells);
  const linked = new Map((hero.spells ?? []).map((s) => [s.name, s]));
  const stars = "★".repeat(hero.rarityLevel) + "☆".repeat(Math.max(0, RARITY_RANGE.max - hero.rarityLevel));
  const badges = [
    badge(hero.heroType, "brand"),
    hero.heroClass ? badge(hero.heroClass) : null,
    badge(html`<span aria-hidden="true" class="mr-1 tracking-tighter">${stars}</span>Rarity ${hero.rarityLevel} of ${RARITY_RANGE.max}`, "info"),
    hero.isActive ? null : badge("Inactive", "warning"),
  ].filter((b): b is Html => b !== null);
  const subtitle = hero.title ? html`<p class="mt-1 text-lg text-ink-muted italic">${hero.title}</p>` : null;
  return html`<article class="mx-auto max-w-5xl px-4 py-8">${memberHeader(hero, badges, subtitle, null)}<section aria-labelledby="hero-stats" class="mt-8 rounded-2xl border border-line bg-surface p-5"><h2 id="hero-stats" class="${H2}">Starting stats</h2><div class="mt-3">${statList(
    [
      { label: "Attack", value: hero.startingAttack },
      { label: "Defense", value: hero.startingDefense },
      { label: "Spell Power", value: hero.startingSpellPower },
      { label: "Knowledge", value: hero.startingKnowledge },
    ],
    4,
  )}</div></section><section aria-labelledby="hero-specialty" class="mt-6"><h2 id="hero-specialty" class="${H2}">Specialty: ${hero.specialty || "None"}</h2>${
    hero.specialtyDescription ? html`<p class="mt-2 text-ink">${hero.specialtyDescription}</p>` : null
  }</section><div class="mt-6 grid gap-6 sm:grid-cols-2"><section aria-labelledby="hero-skills"><h2 id="hero-skills" class="${H2}">Starting skills</h2>${
    skills.length
      ? html`<ul class="mt-2 list-disc space-y-1 pl-5 text-ink">${skills.map((s) => html`<li>${s}</li>`)}</ul>`
      : html`<p class="mt-2 text-ink-muted">No starting skills.</p>`
  }</section><section aria-labelledby="hero-spells"><h2 id="hero-spells" class="${H2}">Starting spells</h2>${
    spellNames.length
      ? html`<ul class="mt-2 list-disc space-y-1 pl-5 text-ink" data-testid="hero-spells">${spellNames.map((name) => {
          const spell = linked.get(name);
          return html`<li>${
            spell
              ? html`<a href="${gamePaths.spell(spell.id)}" class="${LINK}">${spell.name}</a> <span class="text-sm text-ink-muted">(${spell.school}, level ${spell.level})</span>`
              : name
          }</li>`;
        })}</ul>`
      : html`<p class="mt-2 text-ink-muted">No starting spells.</p>`
  }<p class="mt-3 text-sm"><a href="${gamePaths.spells}" class="text-brand-700 hover:underline dark:text-brand-400">Open the spell book</a></p></section></div><section aria-labelledby="hero-bio" class="mt-8 ${SECTION_OFFSCREEN}"><h2 id="hero-bio" class="${H2}">Biography</h2><p class="mt-2 break-words whitespace-pre-line text-ink">${hero.biography}</p></section></article>`.toString();
}

/** The spell page (features/game/routes/spell.tsx), all of it. */
export function paintSpell(spell: SpellWithFactions): string {
  return html`<article class="mx-auto max-w-3xl px-4 py-8">${breadcrumb(
    [
      { label: "Home", to: "/" },
      { label: SPELL_BOOK_TITLE, to: gamePaths.spells },
    ],
    spell.name,
  )}<div class="mt-6 flex flex-wrap gap-2">${badge(spell.school, "brand")}${badge(`Level ${spell.level}`)}${spell.isCommon ? badge("Common", "success") : null}${
    spell.isActive ? null : badge("Inactive", "warning")
  }</div><h1 class="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${spell.name}</h1><p class="mt-3 text-lg text-ink">${spell.description}</p><div class="mt-6 rounded-2xl border border-line bg-surface p-5">${spellDetails(spell, 2)}</div></article>`.toString();
}
