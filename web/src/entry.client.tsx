import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { App } from "./app/app";
import { loadPage, matchPage } from "./app/routes";
import { readInitialData, seedInitialData } from "./lib/initial-data";
import { createSwrConfig } from "./lib/swr-config";
import { paths } from "@shared/paths";

/**
 * The browser's start: the Worker rendered the page into #root (worker/pages); React hydrates it.
 * The page's first API answers, written into the HTML, go to SWR first (its fallback) and the page's
 * module is loaded (the app loader preloaded it with the entry), so the first render equals the
 * Worker's HTML. Where the Worker could only send the plain shell (#root empty), React renders.
 */
function start() {
  const initial = readInitialData();
  seedInitialData(initial);

  const root = document.getElementById("root")!;
  const rendered = root.firstElementChild !== null;

  // `v5Compat`: the app's router hears pushes and replaces, not only back/forward.
  const history = createBrowserHistory({ v5Compat: true });

  // Any 401 clears the session; the browser then goes to the sign-in page,
  // remembering the page it was on. A failed sign-in (401 on /login itself) stays put.
  const toLogin = () => {
    const { pathname, search, hash } = history.location;
    if (pathname === paths.login()) return;
    history.push(paths.login(), { from: `${pathname}${search}${hash}` });
  };

  const app = (
    <App
      history={history}
      // The first view's answers, as on the Worker (src/lib/initial-data.tsx).
      swrConfig={{ ...createSwrConfig(), fallback: initial.answers }}
      hydrating={rendered}
      origin={location.origin}
      firstView={initial}
      onSignedOut={toLogin}
    />
  );
  // A member page is rendered by the Worker as the shell alone: hydrated as such, then loaded.
  const { route } = matchPage(location.pathname);
  const ready = route.guest || !rendered ? loadPage(route).catch(() => undefined) : Promise.resolve(undefined);
  void ready.then(() => {
    // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
    // of hydrating the whole page in one long task (the page is already painted, nothing waits).
    if (rendered) setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
    else createRoot(root).render(app);
  });
}

// Evaluating the bundle is one long task already; the history and React start in the next one.
setTimeout(start, 0);
