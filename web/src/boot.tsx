import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "./app/app";
import { routes } from "./app/router";
import { markHydrating } from "./lib/hydrated";
import { seedInitialData } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";

function start() {
  // The page's first API answers, written into the HTML by the Worker, go into SWR's cache first.
  seedInitialData();

  const router = createBrowserRouter(routes);

  // Any 401 clears the session; the browser then goes to the sign-in page,
  // remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
  const toLogin = () => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === "/login") return;
    void router.navigate("/login", { state: { from: `${pathname}${search}${hash}` } });
  };

  const app = <App router={router} swrConfig={createSwrConfig()} onSignedOut={toLogin} />;
  const root = document.getElementById("root")!;
  // The build prerenders the shell into #root: take it over. (The dev server serves it empty.)
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of hydrating the whole shell in one long task (the shell is already painted, nothing waits).
  if (root.firstElementChild) {
    markHydrating();
    startTransition(() => void hydrateRoot(root, app));
  } else createRoot(root).render(app);
}

// Evaluating the bundle is one long task already; the router and React start in the next one.
setTimeout(start, 0);
