import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { App } from "./app/app";
import { markHydrating } from "./lib/hydrated";
import { seedInitialData } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";

function start() {
  // The page's first API answers, written into the HTML by the Worker, go into SWR's cache first.
  seedInitialData();

  const root = document.getElementById("root")!;
  // The build prerenders the shell into #root: take it over. (The dev server serves it empty.)
  const prerendered = root.firstElementChild !== null;
  if (prerendered) markHydrating();

  // `v5Compat`: the app's router hears pushes and replaces, not only back/forward.
  const history = createBrowserHistory({ v5Compat: true });

  // Any 401 clears the session; the browser then goes to the sign-in page,
  // remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
  const toLogin = () => {
    const { pathname, search, hash } = history.location;
    if (pathname === "/login") return;
    history.push("/login", { from: `${pathname}${search}${hash}` });
  };

  const app = <App history={history} swrConfig={createSwrConfig()} onSignedOut={toLogin} />;
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of hydrating the whole shell in one long task (the shell is already painted, nothing waits).
  // Creating the root (React's event listeners) is a task of its own, after the router's.
  if (prerendered) setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
  else createRoot(root).render(app);
}

// Evaluating the bundle is one long task already; the history and React start in the next one.
setTimeout(start, 0);
