/**
 * First views of the news pages as HTML, painted by the Worker into the shell's page slot so a
 * visitor sees the content (and the browser its largest image) before any JavaScript runs.
 *
 * Each function mirrors a React component: the same elements, classes and texts for the same data,
 * as a guest sees them, so nothing moves when the app replaces the markup with its own. The
 * component it mirrors is named on each function; tests/e2e/edge-paint.spec.ts compares the
 * boxes of the painted elements with the app's. Dates are formatted in UTC (the app then shows
 * the reader's time zone in the same place). `html` escapes every interpolated string.
 */
import { html } from "hono/html";
import { articleImage, breadcrumb, type Html } from "./common";
import { buttonClass } from "@shared/button-class";
import { formatLongDate, formatLongDateTime } from "@shared/format-date";
import { HOME_COPY } from "@shared/home-copy";
import { NEWS_CARD_OFFSCREEN, SECTION_OFFSCREEN } from "@shared/offscreen";
import type { NewsArticle, NewsListItem } from "../../schemas/news";

/** TagChips (features/news/components/tag-chips.tsx). */
function tagChips(tags: string[]): Html | null {
  if (tags.length === 0) return null;
  return html`<ul aria-label="Tags" class="flex flex-wrap gap-1.5 ">${tags.map(
    (tag) =>
      html`<li><a href="/news?tag=${encodeURIComponent(tag)}" class="inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-900 hover:bg-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900">${tag}</a></li>`,
  )}</ul>`;
}

/** The article page (features/news/routes/news-article.tsx) down to its content. */
export function paintArticle(article: NewsArticle): string {
  const published = article.publishedAt ?? article.createdAt;
  const updated = article.updatedAt !== article.createdAt;
  return html`<article class="mx-auto max-w-3xl px-4 py-10">${breadcrumb(
    [
      { label: "Home", to: "/" },
      { label: "News", to: "/news" },
    ],
    article.title,
  )}<header class="mt-6">${tagChips(article.tags)}<div class="mt-3 flex flex-wrap items-start justify-between gap-3"><h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${article.title}</h1></div><p class="mt-4 text-lg text-ink-muted">${article.summary}</p><dl class="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted"><div class="flex gap-1"><dt>By</dt><dd class="font-medium text-ink">${article.author}</dd></div><div class="flex gap-1"><dt>Published</dt><dd><time datetime="${published}">${formatLongDateTime(published)}</time></dd></div>${
    updated
      ? html`<div class="flex gap-1" data-testid="article-updated"><dt>Updated</dt><dd><time datetime="${article.updatedAt}">${formatLongDateTime(article.updatedAt)}</time></dd></div>`
      : null
  }</dl></header>${articleImage(article.imageUrl, "high", "mt-8 rounded-xl")}<div data-testid="article-content" class="mt-8 text-lg leading-relaxed break-words whitespace-pre-line text-ink">${article.content}</div><div class="mt-10 flex flex-wrap gap-3"><a href="/news" class="${buttonClass()}">More News</a></div></article>`.toString();
}

/** HomeNewsCard (features/news/components/home-news-card.tsx). */
function homeNewsCard(article: NewsListItem, priority: "high" | "eager" | "lazy"): Html {
  const date = article.publishedAt ?? article.createdAt;
  return html`<article class="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm">${articleImage(article.imageUrl, priority)}<div class="flex flex-1 flex-col gap-2 p-5"><time datetime="${date}" class="text-sm text-ink-muted">${formatLongDate(date)}</time><h3 class="text-lg font-semibold text-ink">${article.title}</h3><p class="line-clamp-3 text-ink-muted">${article.summary}</p><a href="/news/${article.id}" aria-label="Read More: ${article.title}" class="mt-auto self-start rounded pt-2 font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400">Read More →</a></div></article>`;
}

/**
 * The home page (features/news/routes/home.tsx) with its latest articles. Null without any
 * (the app's own empty state then shows once it runs).
 */
export function paintHome(latest: NewsListItem[]): string | null {
  if (latest.length === 0) return null;
  return html`<section data-testid="home-hero" class="relative isolate overflow-hidden bg-[url(/images/home/hero-light.svg)] bg-cover bg-bottom dark:bg-[url(/images/home/hero-dark.svg)]"><div class="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28"><h1 class="font-display text-4xl font-bold tracking-tight text-ink sm:text-5xl">${HOME_COPY.title}</h1><p class="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">${HOME_COPY.intro}</p><div class="mt-8 flex flex-wrap justify-center gap-3"><a href="/news" class="${buttonClass({ size: "lg" })}">Latest News</a></div></div></section><section aria-labelledby="home-latest" class="mx-auto max-w-6xl px-4 py-12"><h2 id="home-latest" class="font-display text-2xl font-bold text-ink sm:text-3xl">Latest News</h2><div class="mt-6"><div class="grid gap-6 md:grid-cols-3">${latest.map(
    (article, index) => homeNewsCard(article, index === 0 ? "high" : "lazy"),
  )}</div><div class="mt-8 text-center"><a href="/news" class="${buttonClass({ variant: "secondary" })}">View All News</a></div></div></section><section aria-labelledby="home-about" class="border-t border-line bg-surface ${SECTION_OFFSCREEN}"><div class="mx-auto max-w-6xl px-4 py-12 md:flex md:items-center md:justify-between md:gap-8"><div><h2 id="home-about" class="font-display text-2xl font-bold text-ink">${HOME_COPY.aboutTitle}</h2><p class="mt-3 max-w-2xl text-ink-muted">${HOME_COPY.about}</p></div><a href="/game-info" class="${buttonClass({ variant: "secondary", className: "mt-6 shrink-0 md:mt-0" })}">Explore the Game</a></div></section>`.toString();
}

const SELECT_CLASS =
  "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** NewsCard (features/news/components/news-card.tsx). */
function newsCard(article: NewsListItem, priority: "high" | "eager" | "lazy"): Html {
  const date = article.publishedAt ?? article.createdAt;
  return html`<article class="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm ${NEWS_CARD_OFFSCREEN}">${articleImage(article.imageUrl, priority)}<div class="flex flex-1 flex-col gap-3 p-5">${tagChips(article.tags)}<h2 class="text-xl font-semibold text-ink"><a href="/news/${article.id}" class="rounded hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:text-brand-400">${article.title}</a></h2><p class="text-ink-muted">${article.summary}</p><div class="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2 text-sm text-ink-muted"><div><span>By ${article.author}</span><span aria-hidden="true"> · </span><time datetime="${date}">${formatLongDate(date)}</time></div><a href="/news/${article.id}" aria-label="Read Full Article: ${article.title}" class="rounded-lg font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400">Read Full Article →</a></div></div></article>`;
}

/** FilterSelect of NewsFilters (features/news/components/news-filters.tsx), the URL's value selected. */
function filterSelect(id: string, label: string, allLabel: string, value: string, values: string[]): Html {
  const all = value && !values.includes(value) ? [value, ...values] : values;
  return html`<div><label for="${id}" class="sr-only">${label}</label><select id="${id}" disabled class="${SELECT_CLASS}"><option value=""${value ? "" : html` selected`}>${allLabel}</option>${all.map(
    (v) => html`<option value="${v}"${v === value ? html` selected` : ""}>${v}</option>`,
  )}</select></div>`;
}

/**
 * The news list (features/news/routes/news-list.tsx) down to its cards: the filter card with the
 * URL's filters (NewsFilters, NewsSearchBox) and the page's articles. The search box and the
 * dropdowns are disabled until the app replaces them: what a reader typed or chose into a
 * painted control would be lost when the app takes over. Null for an empty page (the
 * app's own message then shows).
 */
export function paintNewsList(
  list: { items: NewsListItem[]; totalCount: number },
  filters: { search: string; tag: string; author: string },
  options: { tags: string[]; authors: string[] } | null,
): string | null {
  if (list.items.length === 0) return null;
  const active = [
    { label: "Search", value: filters.search, name: "search" },
    { label: "Tag", value: filters.tag, name: "tag" },
    { label: "Author", value: filters.author, name: "author" },
  ].filter((f) => f.value);
  return html`<div class="mx-auto max-w-6xl px-4 py-10"><h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Latest News</h1><div class="mt-6"><section aria-label="Filter articles" class="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"><div class="grid gap-4 md:grid-cols-3"><div class="relative"><label for="news-search" class="sr-only">Search articles</label><svg aria-hidden="true" viewBox="0 0 20 20" class="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" fill="none" stroke="currentColor" stroke-width="2"><circle cx="8.5" cy="8.5" r="5.5"></circle><path d="m13 13 4 4" stroke-linecap="round"></path></svg><input id="news-search" type="search" value="${filters.search}" placeholder="Search articles..." autocomplete="off" disabled class="w-full rounded-lg border border-line bg-surface py-2 pr-3 pl-9 text-sm text-ink placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"></div>${filterSelect(
    "news-tag",
    "Filter by Tag",
    "All Tags",
    filters.tag,
    options?.tags ?? [],
  )}${filterSelect("news-author", "Filter by Author", "All Authors", filters.author, options?.authors ?? [])}</div>${
    active.length
      ? html`<div class="mt-4 flex flex-wrap items-center gap-2 border-t border-line pt-4 text-sm"><span class="font-medium text-ink-muted">Active filters:</span>${active.map(
          (f) =>
            html`<span class="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-2.5 text-brand-900 dark:bg-brand-950 dark:text-brand-200">${f.label}: ${f.value}<button type="button" disabled aria-label="Remove ${f.label.toLowerCase()} filter" class="rounded-full px-1.5 leading-5 hover:bg-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-brand-900">×</button></span>`,
        )}<button type="button" disabled class="ml-auto rounded-lg px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400 dark:hover:bg-brand-950">Clear All Filters</button></div>`
      : null
  }</section></div><div class="mt-8"><p class="sr-only" aria-live="polite">${list.totalCount === 1 ? "1 article" : `${list.totalCount} articles`}</p><div class="grid gap-6 md:grid-cols-2">${list.items.map(
    (article, index) => newsCard(article, index === 0 ? "high" : index < 2 ? "eager" : "lazy"),
  )}</div></div></div>`.toString();
}
