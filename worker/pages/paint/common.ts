/** Pieces shared by the painted first views (worker/pages/paint/*.ts): see ./news.ts for how a view mirrors its component. */
import { html } from "hono/html";
import { gamePaths } from "@shared/game";
import { effectEntries } from "@shared/game-text";
import { NO_TEACHER_TEXT, portraitInitial, spellDetailRows, webpTwin } from "@shared/game-ui";
import type { SpellWithFactions } from "../../schemas/spell";

export type Html = ReturnType<typeof html>;

export const LINK_HOVER = "rounded hover:text-brand-700 hover:underline dark:hover:text-brand-400";

/** ArticleImage (features/news/components/article-image.tsx). */
export function articleImage(src: string | null, priority: "high" | "eager" | "lazy", className = ""): Html | null {
  if (!src) return null;
  return html`<div class="aspect-video overflow-hidden bg-surface-muted ${className}"><img src="${src}" alt="" width="640" height="360" loading="${priority === "lazy" ? "lazy" : "eager"}" fetchpriority="${priority === "high" ? "high" : "auto"}" decoding="${priority === "high" ? "sync" : "async"}" class="size-full object-cover"></div>`;
}

/** Breadcrumb (components/ui/breadcrumb.tsx). */
export function breadcrumb(trail: { label: string; to: string }[], current: string): Html {
  return html`<nav aria-label="Breadcrumb" class="text-sm text-ink-muted"><ol class="flex flex-wrap items-center gap-1.5">${trail.map(
    (item) => html`<li class="flex items-center gap-1.5"><a href="${item.to}" class="${LINK_HOVER}">${item.label}</a><span aria-hidden="true">›</span></li>`,
  )}<li aria-current="page" class="max-w-full truncate text-ink">${current}</li></ol></nav>`;
}

/** Portrait (features/game/components/portrait.tsx): a square image with its WebP twin, or the name's initial. */
export function portrait(src: string | null, name: string, size: number, { eager = false, className = "" } = {}): Html {
  const box = `shrink-0 overflow-hidden rounded-xl ${className}`;
  const style = `width:${size}px;height:${size}px`;
  if (!src) {
    return html`<div aria-hidden="true" data-testid="portrait-initial" style="${style}" class="${box} flex items-center justify-center bg-gradient-to-br from-brand-600 to-brand-900 font-display font-bold text-white"><span style="font-size:${Math.round(size * 0.45)}px">${portraitInitial(name)}</span></div>`;
  }
  const webp = webpTwin(src);
  const img = html`<img src="${src}" alt="" width="${size}" height="${size}" loading="${eager ? "eager" : "lazy"}" decoding="async" class="h-full w-full object-cover">`;
  return html`<div style="${style}" class="${box} bg-surface-muted">${webp ? html`<picture><source type="image/webp" srcset="${webp}">${img}</picture>` : img}</div>`;
}

/** SpellDetails (features/game/components/spell-details.tsx): its headings at `headingLevel`, as the page renders it. */
export function spellDetails(spell: SpellWithFactions, headingLevel: 2 | 3): Html {
  const effects = effectEntries(spell.effects);
  const H = headingLevel === 2 ? "h2" : "h3";
  const h = "text-xs font-semibold tracking-wide text-ink-muted uppercase";
  return html`<div class="space-y-3 text-sm"><dl class="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">${spellDetailRows(spell).map(
    ([label, value]) => html`<div class="min-w-0"><dt class="text-xs text-ink-muted">${label}</dt><dd class="font-semibold text-ink">${value}</dd></div>`,
  )}</dl>${
    effects.length
      ? html`<div><${H} class="${h}">Effects</${H}><ul class="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-ink">${effects.map(
          (e) => html`<li><span class="text-ink-muted">${e.label}:</span> ${e.value}</li>`,
        )}</ul></div>`
      : null
  }<div><${H} class="${h}">Taught by</${H}>${
    spell.factions.length
      ? html`<ul class="mt-1 flex flex-wrap gap-2">${spell.factions.map(
          (f) => html`<li><a href="${gamePaths.faction(f.id)}" class="inline-block py-0.5 text-brand-700 hover:underline dark:text-brand-400">${f.name}</a></li>`,
        )}</ul>`
      : html`<p class="mt-1 text-ink-muted">${NO_TEACHER_TEXT}</p>`
  }</div></div>`;
}
