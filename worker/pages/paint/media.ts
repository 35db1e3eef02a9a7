/**
 * The gallery's first view (/screenshots) as HTML, painted by the Worker into the shell's page
 * slot: the same elements, classes and texts as features/gallery/routes/gallery.tsx renders for a
 * guest (see ./news.ts for the rules). The filter buttons are painted with the URL's choice
 * pressed; they, the Filters button and the cards' open buttons act once the app has replaced the
 * markup. The pagination under the cards is left to the app (nothing after it moves).
 */
import { html } from "hono/html";
import type { Html } from "./common";
import { badgeClass } from "@shared/badge-class";
import { buttonClass } from "@shared/button-class";
import { activeFilterCount, EYE_ICON_PATH, FILTER_CHIP, FILTER_ICON_PATH, formatViews, PLAY_ICON_PATH, THUMB_HEIGHT, THUMB_WIDTH, TYPE_OPTIONS } from "@shared/gallery-ui";
import type { GalleryUrlFilters } from "@shared/media-keys";
import { MEDIA_CARD_OFFSCREEN } from "@shared/offscreen";
import type { MediaFilters, MediaItem, MediaListResponse } from "../../schemas/media";

const playIcon = (className: string): Html =>
  html`<svg viewBox="0 0 24 24" fill="currentColor" class="${className}" aria-hidden="true"><path d="${PLAY_ICON_PATH}"></path></svg>`;

const chipClass = (pressed: boolean) => `${FILTER_CHIP.base} ${pressed ? FILTER_CHIP.active : FILTER_CHIP.idle}`;

/** FilterSheet's button (features/gallery/components/filter-sheet.tsx), shown on phones. */
function filterButton(activeCount: number): Html {
  return html`<button type="button" disabled class="${buttonClass({ variant: "secondary", className: "md:hidden" })}" aria-haspopup="dialog" aria-label="${activeCount > 0 ? `Filters (${activeCount} active)` : "Filters"}"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" class="h-4 w-4" aria-hidden="true"><path d="${FILTER_ICON_PATH}" stroke-linecap="round"></path></svg>Filters${
    activeCount > 0
      ? html`<span aria-hidden="true" class="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white">${activeCount}</span>`
      : null
  }</button>`;
}

/** GalleryFilters as the bar (features/gallery/components/gallery-filters.tsx). */
function filterBar(filters: GalleryUrlFilters, options: MediaFilters | null): Html {
  const group = "flex flex-wrap items-center gap-2";
  return html`<div class="flex flex-wrap items-start justify-between gap-4"><div role="group" aria-label="Category" class="${group}"><button type="button" disabled aria-pressed="${String(filters.categoryId === null)}" class="${chipClass(filters.categoryId === null)}">All Categories</button>${(options?.categories ?? []).map((category) => {
    const pressed = filters.categoryId === category.value;
    return html`<button type="button" disabled aria-pressed="${String(pressed)}" class="${chipClass(pressed)}"${pressed ? null : html` style="border-color:${category.color}"`}><span aria-hidden="true" class="h-2.5 w-2.5 rounded-full ring-1 ring-black/10" style="background-color:${category.color}"></span>${category.label}</button>`;
  })}</div><div role="group" aria-label="Media type" class="${group}">${TYPE_OPTIONS.map((option) => {
    const pressed = filters.mediaType === option.value;
    return html`<button type="button" disabled aria-pressed="${String(pressed)}" class="${chipClass(pressed)}">${option.label}</button>`;
  })}</div></div>`;
}

/** MediaThumbnail (features/gallery/components/media-thumbnail.tsx). */
function thumbnail(item: MediaItem, eager: boolean): Html {
  const fallback = item.mediaType === "video" ? item.posterUrl : item.originalUrl;
  const jpeg = item.thumbnailUrl ?? fallback;
  if (!jpeg) {
    return html`<div class="flex aspect-video w-full items-center justify-center bg-stone-800 text-stone-200" aria-hidden="true">${playIcon("h-12 w-12")}</div>`;
  }
  const webp = item.thumbnailWebpUrl;
  return html`<picture>${webp ? html`<source type="image/webp" srcset="${webp}">` : null}<img src="${jpeg}" alt="${item.altText || item.title}" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" loading="${eager ? "eager" : "lazy"}"${eager ? html` fetchpriority="high"` : null} decoding="async" class="aspect-video h-auto w-full bg-stone-200 object-cover dark:bg-stone-800"></picture>`;
}

/** MediaCard (features/gallery/components/media-card.tsx) for a guest (no Edit link). */
function mediaCard(item: MediaItem, eager: boolean): Html {
  return html`<article class="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm ${MEDIA_CARD_OFFSCREEN}"><div class="relative">${thumbnail(item, eager)}<div class="pointer-events-none absolute top-2 left-2 flex gap-1.5">${
    item.mediaType === "video"
      ? html`<span class="inline-flex items-center gap-1 rounded-full bg-stone-950/80 px-2.5 py-0.5 text-xs font-semibold text-white">${playIcon("h-3 w-3")}Video</span>`
      : null
  }${item.isFeatured ? html`<span class="${badgeClass("warning")}">Featured</span>` : null}</div></div><div class="flex flex-1 flex-col gap-2 p-4"><h2 class="text-base font-semibold text-ink"><button type="button" disabled aria-haspopup="dialog" class="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500">${item.title}</button></h2>${
    item.description ? html`<p class="line-clamp-2 text-sm text-ink-muted">${item.description}</p>` : null
  }<div class="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-ink-muted">${
    item.category
      ? html`<span class="inline-flex items-center gap-1.5"><span aria-hidden="true" class="h-2 w-2 rounded-full" style="background-color:${item.category.color}"></span>${item.category.name}</span>`
      : null
  }${item.faction ? html`<span>${item.faction.name}</span>` : null}<span class="inline-flex items-center gap-1"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" class="h-3.5 w-3.5" aria-hidden="true"><path d="${EYE_ICON_PATH}"></path><circle cx="12" cy="12" r="3"></circle></svg>${formatViews(item.viewCount)}</span></div></div></article>`;
}

/**
 * The gallery page: heading, Filters button (phones), filter bar (wider screens), the "Showing"
 * line when filters are set, and the cards, the first one's thumbnail high priority. Null when the
 * page has no items (the app's empty state then shows once it runs).
 */
export function paintGallery(filters: GalleryUrlFilters, list: MediaListResponse, options: MediaFilters | null): string | null {
  if (list.items.length === 0) return null;
  const activeCount = activeFilterCount(filters);
  const categoryName = options?.categories.find((c) => c.value === filters.categoryId)?.label;
  const typeName = TYPE_OPTIONS.find((t) => t.value === filters.mediaType && t.value !== null)?.label;
  const summary = [filters.categoryId ? (categoryName ?? "Selected category") : null, typeName].filter(Boolean).join(" · ");
  return html`<div class="mx-auto max-w-7xl px-4 py-10"><div class="flex flex-wrap items-center justify-between gap-4"><h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Gallery</h1>${filterButton(activeCount)}</div><div class="mt-6 hidden md:block">${filterBar(filters, options)}</div>${
    activeCount > 0
      ? html`<p class="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-muted"><span>Showing: <span class="font-medium text-ink">${summary}</span></span><button type="button" disabled class="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400">Clear</button></p>`
      : null
  }<div class="mt-8" aria-busy="false"><p class="sr-only" aria-live="polite">${list.totalCount === 1 ? "1 media item" : `${list.totalCount} media items`}</p><ul class="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Media">${list.items.map(
    (item, index) => html`<li class="flex"><div class="w-full">${mediaCard(item, index === 0)}</div></li>`,
  )}</ul></div></div>`.toString();
}
