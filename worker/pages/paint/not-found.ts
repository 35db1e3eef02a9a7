/**
 * The "Page Not Found" page's first view as HTML (web/src/app/routes/not-found.tsx): painted into
 * the 404 answer of any path that is no page (worker/routes/app-pages.ts), so the reader sees it
 * before the app runs, and a reader without JavaScript sees it at all.
 */
import { html } from "hono/html";
import { buttonClass } from "@shared/button-class";
import { NOT_FOUND_LEAD, NOT_FOUND_TITLE } from "@shared/not-found-copy";

export function paintNotFound(): string {
  return html`<section class="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"><p class="font-display text-7xl font-bold text-brand-600 dark:text-brand-400" aria-hidden="true">404</p><h1 class="mt-4 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${NOT_FOUND_TITLE}</h1><p class="mt-4 text-lg text-ink-muted">${NOT_FOUND_LEAD}</p><div class="mt-8 flex flex-wrap justify-center gap-3"><a href="/" class="${buttonClass()}">Go Home</a><a href="/news" class="${buttonClass({ variant: "secondary" })}">Latest News</a></div></section>`.toString();
}
