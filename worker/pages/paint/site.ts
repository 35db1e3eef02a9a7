/**
 * The forum's first view as HTML (features/forum/routes/forum.tsx for a guest): its heading, intro,
 * guidelines and the discussion heading. What follows depends on the site's comment settings and
 * needs the app (the comment widget); it comes in below, so nothing painted moves.
 */
import { html } from "hono/html";
import { FORUM_GUIDELINES, FORUM_INTRO, FORUM_TITLE } from "@shared/forum-copy";

export function paintForum(): string {
  return html`<div class="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-12"><header><h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${FORUM_TITLE}</h1><p class="mt-2 text-ink-muted">${FORUM_INTRO}</p></header><section aria-labelledby="guidelines-heading" class="rounded-2xl border border-brand-600/30 bg-brand-50 p-5 dark:bg-brand-950/40"><h2 id="guidelines-heading" class="font-display text-lg font-semibold text-ink">Community Guidelines</h2><ul class="mt-3 grid gap-2 sm:grid-cols-2">${FORUM_GUIDELINES.map(
    (item) =>
      html`<li class="flex items-center gap-2 text-sm text-ink"><svg viewBox="0 0 24 24" class="size-4 shrink-0 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"></path></svg>${item}</li>`,
  )}</ul></section><section aria-labelledby="discussion-heading"><h2 id="discussion-heading" class="font-display text-2xl font-bold text-ink">Discussion</h2></section></div>`.toString();
}
