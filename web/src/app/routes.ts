/**
 * The site's one route table, built from the page table's entries (shared/page-table.ts: each
 * page's path, module, whether guests may see it, sitemap and sample). Derived from this list:
 * - the routes of react-router's data router, in the browser and on the Worker (./router.tsx);
 * - the Worker's page registry (worker/pages/index.ts): every path here is served as a page,
 *   rendered by React on the Worker (guest pages with their first-view data), and any other
 *   path is a 404;
 * - the build's map of each module's files, which the Worker preloads with the page (vite.config.ts);
 * - the sitemap's static entries (`sitemap: true`).
 *
 * A page module (features/<feature>/routes/<page>.tsx) exports `Component` and, when its first
 * view reads the API, `firstView`: the SWR keys of those reads for a URL, which its route's loader
 * reads (on the Worker too, which writes the answers into the HTML: the first view needs no /api
 * request); `missingItem` when its own record may be missing. The page's metadata,
 * status and largest image come from its own `<PageHead>` as it renders (web/src/lib/page-head.tsx).
 * How to add a page: docs/conventions.md, "Pages".
 */
import type { ComponentType } from "react";
import { matchRoutes } from "react-router";
import type { MissingItem } from "@/lib/missing-items";
import { PAGE_TABLE, type PageEntry } from "@shared/page-table";

/** What a page's first view is read for: the route's parameters and the whole URL. */
export type FirstViewRequest = { params: Readonly<Record<string, string | undefined>>; url: URL };

export type PageModule = {
  Component: ComponentType;
  /** The SWR keys (`apiKey(...)`) of the API reads the first view shows; null for a read that cannot exist (a malformed id). */
  firstView?(req: FirstViewRequest): readonly (string | null)[];
  /**
   * The page's query string in its one spelling: the parameters the page reads, as the page itself
   * writes them (unknown parameters and values it cannot read left out, defaults omitted). The
   * Worker renders and caches the page at this URL, so `?utm_source=…`, `?page=01` or another
   * order shares the entry of the page's own link (ADR 0047). Built from the same parse and format
   * functions the page's components use. A page without it reads no query string.
   */
  canonicalSearch?(params: URLSearchParams): URLSearchParams | string;
  /** What the page says when its own record (the first `firstView` key) does not exist: the route's error element, answered 404. */
  missingItem?: MissingItem;
};

export type PageRoute = {
  /** A react-router path pattern, also a Hono pattern ("/news/:id"); "*" is the page for unknown paths. */
  path: string;
  /** The module's path under web/src without its extension. */
  module: string;
  load(): Promise<PageModule>;
  /** Guests see it: the Worker renders its first view with data. Member pages (profile, admin) get the shell, and the page loads in the browser. */
  guest: boolean;
  /** Listed in the sitemap as a static page. */
  sitemap: boolean;
};

// Every page module, each its own chunk (loaded on demand in the browser, so `/` stays small).
const modules = import.meta.glob<PageModule>(["../features/*/routes/*.tsx", "./routes/*.tsx"]);

function page(path: string, module: string, { guest = true, sitemap = false }: { guest?: boolean; sitemap?: boolean } = {}): PageRoute {
  const load = modules[module.startsWith("app/") ? `./${module.slice("app/".length)}.tsx` : `../${module}.tsx`];
  if (!load) throw new Error(`The page ${path} names a module that does not exist: web/src/${module}.tsx`);
  return { path, module, load, guest, sitemap };
}

// The entries themselves are data in the page table (shared/page-table.ts), which the Worker and the tests read too.
export const pages: readonly PageRoute[] = PAGE_TABLE.map((entry: PageEntry) =>
  page(entry.path, entry.module, { guest: entry.guest ?? true, sitemap: entry.sitemap ?? false }),
);

/** Modules loaded so far, by route (a module's promise is shared by every route that names it). */
const loading = new Map<string, Promise<PageModule>>();
const loaded = new Map<string, PageModule>();

/** Starts (or joins) the load of a page's module; the module is kept once it has arrived. */
export function loadPage(route: PageRoute): Promise<PageModule> {
  let promise = loading.get(route.module);
  if (!promise) {
    promise = route.load().then((module) => {
      loaded.set(route.module, module);
      return module;
    });
    // A failed load (a chunk gone after a deploy) stays failed: the page's error view asks the reader to reload.
    loading.set(route.module, promise);
  }
  return promise;
}

/** The page's module if it has arrived (so a render can show it at once). */
export const loadedPage = (route: PageRoute): PageModule | undefined => loaded.get(route.module);

/** The page a path shows (the route table ranked as the router ranks it); the 404 page for any other path. */
export function matchPage(pathname: string): { route: PageRoute; params: Record<string, string | undefined> } {
  const match = matchRoutes(pages as PageRoute[], pathname)?.[0];
  return match ? { route: match.route, params: match.params } : { route: pages[pages.length - 1]!, params: {} };
}
