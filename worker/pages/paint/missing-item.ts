/**
 * The first view of a page whose item does not exist ("Unit Not Found"...): the same markup as
 * MissingItemView (web/src/components/missing-item.tsx), painted into the page's 404 answer so a
 * reader sees it before the app runs, and a reader without JavaScript sees it at all. The
 * "Go Back" button is painted disabled: it works once the app has taken over.
 */
import { html } from "hono/html";
import { buttonClass } from "@shared/button-class";
import type { MissingItem } from "@shared/missing-item";

export function paintMissingItem(item: MissingItem): string {
  const goBack = item.goBack ? html`<button type="button" disabled class="${buttonClass({ variant: "secondary" })}">Go Back</button>` : null;
  return html`<div class="mx-auto max-w-2xl px-4 py-20 text-center"><h1 class="font-display text-3xl font-bold text-ink">${item.title}</h1><p class="mt-3 text-ink-muted">${item.lead}</p><div class="mt-8 flex flex-wrap justify-center gap-3">${goBack}<a href="${item.back.to}" class="${buttonClass()}">${item.back.label}</a></div></div>`.toString();
}
