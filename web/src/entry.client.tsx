import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, type HydrationState } from "react-router";
import { RouterProvider } from "react-router/dom";
import { ROUTE_ERROR_ID } from "@shared/page-data";
import { App } from "./app/app";
import { appRoutes } from "./app/router";
import { loadPage, matchPage } from "./app/routes";
import { readInitialData, seedInitialData } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";
import { paths } from "@shared/paths";

/** The page route's error the Worker rendered (its loader failed), as the router's hydration state holds it. */
function readRouteError(): HydrationState["errors"] {
  try {
    const { id, status, data } = JSON.parse(document.getElementById(ROUTE_ERROR_ID)?.textContent ?? "null") as { id: string; status: number; data: unknown };
    // The shape of react-router's error responses (`isRouteErrorResponse`).
    return { [id]: { status, statusText: "", internal: false, data } };
  } catch {
    return null;
  }
}

/**
 * The browser's start: the Worker rendered the page into #root (worker/pages); React hydrates it
 * with react-router's data router. The page's first API answers, written into the HTML, are its
 * route's loader data (the hydration state), and the page's module is loaded first (the app
 * loader preloaded it with the entry), so the first render equals the Worker's HTML. Where the
 * Worker could only send the plain shell (#root empty), React renders and the loader reads.
 */
function start() {
  const root = document.getElementById("root")!;
  const rendered = root.firstElementChild !== null;
  const { route } = matchPage(location.pathname);
  // A member page is rendered by the Worker as the shell alone: hydrated as such (its route's
  // HydrateFallback), then loaded by the router.
  const ready = route.guest || !rendered ? loadPage(route).catch(() => undefined) : Promise.resolve(undefined);
  void ready.then(() => {
    const initial = readInitialData();
    seedInitialData(initial);
    const errors = rendered ? readRouteError() : null;
    const hydrationData: HydrationState | undefined = rendered
      ? { loaderData: route.guest && !errors ? { [route.path]: initial } : {}, errors }
      : undefined;
    const router = createBrowserRouter(appRoutes(), { hydrationData });

    // Any 401 clears the session; the browser then goes to the sign-in page,
    // remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
    const toLogin = () => {
      const { pathname, search, hash } = router.state.location;
      if (pathname === paths.login()) return;
      void router.navigate(paths.login(), { state: { from: `${pathname}${search}${hash}` } });
    };

    const app = (
      <App router={<RouterProvider router={router} />} swrConfig={createSwrConfig()} hydrating={rendered} origin={location.origin} onSignedOut={toLogin} />
    );
    // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
    // of hydrating the whole page in one long task (the page is already painted, nothing waits).
    if (rendered) setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
    else createRoot(root).render(app);
  });
}

// Evaluating the bundle is one long task already; the router and React start in the next one.
setTimeout(start, 0);
