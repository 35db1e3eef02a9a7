import { SWRConfig } from "swr";
import { data, useLoaderData, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunction } from "react-router";
import { apiReadContext, FirstViewProvider, type InitialData } from "@/lib/initial-data";
import { PagePending } from "./page-pending";
import { PageError, ShellError } from "./route-error";
import { RootLayout } from "./root-layout";
import { loadedPage, loadPage, pages, type PageModule, type PageRoute } from "./routes";

/**
 * The application's routes for react-router's data router (docs/decisions/0052-data-router.md),
 * made from the route table in ./routes.ts: the shell (header, footer, notifications) wraps
 * every page, and each page is a route whose module loads on demand (`lazy`) and whose loader
 * reads its first data. The browser builds its router from them (src/entry.client.tsx), the
 * Worker its static handler (src/entry.server.tsx).
 */

/** The shell's route id; each page's route id is its path. */
const ROOT_ROUTE_ID = "root";

/** The SWR keys a page's first view reads at `url` (its query string read in its one spelling, ADR 0047). */
function firstViewKeys(module: PageModule, params: LoaderFunctionArgs["params"], url: URL): (string | null)[] {
  if (!module.firstView) return [];
  const canonical = new URL(url);
  canonical.search = new URLSearchParams(module.canonicalSearch?.(url.searchParams) ?? "").toString();
  return [...module.firstView({ params, url: canonical })];
}

/**
 * A page's loader: reads the page's first-view keys through the API (the router context says
 * how: the network in the browser, the Worker's own API on the Worker) and returns the answers by
 * key. The first key is the page's own record: its 404 is the page's (the route's error element,
 * answered 404 by the Worker); any read the server could not answer (5xx, maintenance) is a 503
 * with the server's reason. Other refusals (a 400 for a `?page` too deep) and network failures
 * are left out: the page's hook asks again and shows its own state.
 */
function pageLoader(module: PageModule) {
  return async ({ params, request, context }: LoaderFunctionArgs): Promise<InitialData> => {
    const keys = firstViewKeys(module, params, new URL(request.url));
    const read = context.get(apiReadContext);
    const page: InitialData = { answers: {}, missing: {} };
    if (!read) return page;
    const answered = await Promise.all(
      keys.map(async (key) => {
        if (key === null) return null;
        const res = await read.fetch(key).catch(() => null);
        return res && { key, status: res.status, body: (await res.json().catch(() => null)) as unknown };
      }),
    );
    for (const [index, answer] of answered.entries()) {
      if (!answer) continue;
      if (answer.status >= 500) throw data(answer.body, { status: 503 });
      if (answer.status === 404 && index === 0) throw data(answer.body, { status: 404 });
      if (answer.status === 404) page.missing[answer.key] = answer.body;
      else if (answer.status === 200) page.answers[answer.key] = answer.body;
    }
    read.seed?.(page);
    return page;
  };
}

/** What a page route renders: its component over the loader's answers (SWR's fallback, ADR 0052). */
function withPageData(Page: PageModule["Component"]) {
  return function PageWithData() {
    const page = useLoaderData<InitialData | undefined>() ?? EMPTY;
    return (
      <SWRConfig value={{ fallback: page.answers }}>
        <FirstViewProvider data={page}>
          <Page />
        </FirstViewProvider>
      </SWRConfig>
    );
  };
}

const EMPTY: InitialData = { answers: {}, missing: {} };

const moduleParts = (module: PageModule) => ({
  Component: withPageData(module.Component),
  ...(module.firstView ? { loader: pageLoader(module) } : {}),
});

/**
 * A change of the query string alone (a filter, a page of a list, the compared units) does not
 * run the loader again: the page's hooks read the new keys themselves and show what they keep
 * meanwhile, so the page answers at once instead of waiting for the read. A new path, or the
 * same URL revalidated, runs it as usual.
 */
const onNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

/**
 * A page's route. Its module is loaded on demand (`lazy`), unless it is here already (the browser
 * loads the first page's module before hydrating, so the first render equals the Worker's HTML).
 * On the Worker a member page is the waiting page area (`PagePending`): the browser renders the
 * same as the route's `HydrateFallback` while it loads the page.
 */
function pageRoute(route: PageRoute, server: boolean): RouteObject {
  const base = { id: route.path, path: route.path, HydrateFallback: PagePending, ErrorBoundary: PageError, shouldRevalidate: onNewPath };
  if (server && !route.guest) return { ...base, Component: PagePending };
  const loaded = loadedPage(route);
  if (loaded) return { ...base, ...moduleParts(loaded) };
  return { ...base, lazy: async () => moduleParts(await loadPage(route)) };
}

/** The routes: the shell around every page of the route table. */
export function appRoutes({ server = false }: { server?: boolean } = {}): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: RootLayout,
      // A failure in the shell itself: the error page without the shell.
      ErrorBoundary: ShellError,
      children: pages.map((route) => pageRoute(route, server)),
    },
  ];
}
