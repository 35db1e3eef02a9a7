import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider } from "react-router";
import type { AppServer, PageHeadInfo, RenderRequest } from "@shared/app-server";
import { App } from "./app/app";
import { appRoutes } from "./app/router";
import { loadPage, matchPage, pages } from "./app/routes";
import { apiReadContext } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";

// One static handler per isolate: the same routes the browser's router is made of.
const handler = createStaticHandler(appRoutes({ server: true }));

/**
 * The app's server side, which the Worker serves pages with (worker/pages): the route table, the
 * page a URL shows, and the page rendered to HTML by React's own server renderer from the same
 * routes and components the browser runs: react-router's static handler runs the page's loader
 * (reading the API through `request.read`), and the static router renders the result. The browser
 * hydrates that HTML (src/entry.client.tsx).
 */
export const appServer = {
  pages,

  async preparePage(url) {
    const { route } = matchPage(url.pathname);
    // A member page is the shell, whatever its query string.
    if (!route.guest) return { module: route.module, search: "" };
    const module = await loadPage(route);
    const search = new URLSearchParams(module.canonicalSearch?.(url.searchParams) ?? "").toString();
    return { module: route.module, search };
  },

  async renderPage({ url, origin, settings, read }: RenderRequest) {
    let head: PageHeadInfo | null = null;
    const requestContext = new RouterContextProvider(new Map([[apiReadContext, read]]));
    const context = await handler.query(new Request(url), { requestContext });
    // No loader redirects or answers with a Response of its own; were one to, the plain shell is served.
    if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    // A cache of its own per render (nothing is kept between requests), holding the loader's answers.
    const swrConfig = { ...createSwrConfig(false), provider: () => new Map() };
    const { prelude } = await prerender(
      <App
        router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
        swrConfig={swrConfig}
        hydrating
        origin={origin}
        settings={settings}
        collectHead={(info) => (head = info)}
      />,
    );
    const [id, error] = Object.entries(context.errors ?? {})[0] ?? [];
    const routeError = id && isRouteErrorResponse(error) ? { id, status: error.status, data: error.data as unknown } : null;
    return { html: await new Response(prelude).text(), head, status: context.statusCode, routeError };
  },
} satisfies AppServer;
