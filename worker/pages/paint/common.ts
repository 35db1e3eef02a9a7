/** Pieces shared by the painted first views (worker/pages/paint/*.ts): see ./news.ts for how a view mirrors its component. */
import { html } from "hono/html";
import { portraitInitial, webpTwin } from "@shared/game-ui";

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
