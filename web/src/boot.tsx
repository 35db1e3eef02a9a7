import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, type RouteObject } from "react-router";
import { App } from "./app/app";
import { routes } from "./app/router";
import { markHydrating, whenHydrated } from "./lib/hydrated";
import { seedInitialData } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";

/**
 * The routes with each lazy page module held back until hydration is over: the module still
 * starts loading at once (the Worker also preloads it), but the router renders the page only
 * after React has taken over the prerendered shell, which shows the page placeholder.
 */
function afterHydration(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy, children } = route;
    const held = { ...route } as RouteObject;
    if (typeof lazy === "function") {
      held.lazy = (() => {
        const loading = lazy();
        return whenHydrated().then(() => loading);
      }) as typeof lazy;
    }
    if (children) held.children = afterHydration(children);
    return held;
  });
}

function start() {
  // The page's first API answers, written into the HTML by the Worker, go into SWR's cache first.
  seedInitialData();

  const root = document.getElementById("root")!;
  // The build prerenders the shell into #root: take it over. (The dev server serves it empty.)
  const prerendered = root.firstElementChild !== null;
  if (prerendered) markHydrating();

  const router = createBrowserRouter(prerendered ? afterHydration(routes) : routes);

  // Any 401 clears the session; the browser then goes to the sign-in page,
  // remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
  const toLogin = () => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === "/login") return;
    void router.navigate("/login", { state: { from: `${pathname}${search}${hash}` } });
  };

  const app = <App router={router} swrConfig={createSwrConfig()} onSignedOut={toLogin} />;
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of hydrating the whole shell in one long task (the shell is already painted, nothing waits).
  // Creating the root (React's event listeners) is a task of its own, after the router's.
  if (prerendered) setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
  else createRoot(root).render(app);
}

// Evaluating the bundle is one long task already; the router and React start in the next one.
setTimeout(start, 0);
