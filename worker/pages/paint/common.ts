/** Pieces shared by the painted first views (worker/pages/paint/*.ts): see ./news.ts for how a view mirrors its component. */
import { html } from "hono/html";

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
