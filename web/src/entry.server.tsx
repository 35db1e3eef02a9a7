import { prerender } from "react-dom/static";
import { UNSAFE_createMemoryHistory as createMemoryHistory } from "react-router";
import type { AppServer, PageHeadInfo, RenderRequest } from "@shared/app-server";
import { App } from "./app/app";
import { loadPage, matchPage, pages } from "./app/routes";
import { createSwrConfig } from "./lib/swr-config";

/**
 * The app's server side, which the Worker serves pages with (worker/pages): the route table, the
 * page a URL shows and what its first view reads, and the page rendered to HTML by React's own
 * server renderer from the same components the browser runs. The browser hydrates that HTML
 * (src/entry.client.tsx).
 */
export const appServer = {
  pages,

  async preparePage(url) {
    const { route, params } = matchPage(url.pathname);
    // A member page is the shell, whatever its query string.
    if (!route.guest) return { module: route.module, keys: [], search: "" };
    const module = await loadPage(route);
    const search = new URLSearchParams(module.canonicalSearch?.(url.searchParams) ?? "").toString();
    const canonical = new URL(url);
    canonical.search = search;
    const keys = (module.firstView?.({ params, url: canonical }) ?? []).filter((key): key is string => key !== null);
    return { module: route.module, keys, search };
  },

  async renderPage({ url, origin, settings, answers, missing }: RenderRequest) {
    let head: PageHeadInfo | null = null;
    const history = createMemoryHistory({ initialEntries: [`${url.pathname}${url.search}`], v5Compat: true });
    // A cache of its own per render (nothing is kept between requests), holding the answers.
    const swrConfig = { ...createSwrConfig(false), provider: () => new Map(), fallback: answers };
    const { prelude } = await prerender(
      <App
        history={history}
        swrConfig={swrConfig}
        hydrating
        origin={origin}
        firstView={{ answers, missing }}
        settings={settings}
        collectHead={(info) => (head = info)}
      />,
    );
    return { html: await new Response(prelude).text(), head };
  },
} satisfies AppServer;
