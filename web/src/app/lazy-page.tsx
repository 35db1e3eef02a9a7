import { startTransition, use, useEffect, useLayoutEffect, useState, type ComponentType } from "react";
import { useHydrated } from "@/lib/hydrated";
import { restorePaintedFocus } from "./painted-focus";
import { PagePending } from "./root-layout";

/** What a page module (web/src/features/<feature>/routes/<page>.tsx) exports. */
export type PageModule = { Component: ComponentType };

type Loaded = { Component: ComponentType } | { error: unknown };

/** Set once the first page has rendered: pages mounted later come from a navigation. */
let started = false;

/**
 * A page whose module loads on demand (its own chunk, which the Worker preloads with the page's
 * HTML). The import starts when the page first renders. Until it has arrived:
 * - on the first page of a visit, the page area keeps showing `PagePending`: the shell's page slot
 *   with the first view the Worker painted into it, as the HTML had it (no blank, no jump). The
 *   page's component replaces it only once React has hydrated the shell AND the module is here;
 * - on a later navigation the page suspends; navigations run in a transition (AppRouter), so React
 *   keeps the previous page on screen, with the progress bar, until the new one can render. (No
 *   Suspense boundary is needed: nothing suspends outside a transition.)
 * A module that fails to load (e.g. a chunk removed by a deploy) throws to the page's error boundary.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  let promise: Promise<ComponentType> | undefined;
  let loaded: Loaded | undefined;
  const start = () =>
    (promise ??= load().then(
      (module) => {
        loaded = { Component: module.Component };
        return module.Component;
      },
      (error: unknown) => {
        loaded = { error };
        throw error;
      },
    ));
  const current = () => loaded;

  function LazyPage() {
    const hydrated = useHydrated();
    const [firstPage] = useState(() => !started);
    useEffect(() => void (started = true), []);
    // While hydrating, the page is pending whatever has loaded, so the render equals the HTML.
    const [state, setState] = useState(current);
    // The module's arrival renders the page in a transition: React renders it in slices and yields
    // to the browser between them. (A useSyncExternalStore update renders synchronously: the whole
    // page in one blocking task, 35–70 ms on the faction and gallery pages.)
    useEffect(() => {
      if (state) return;
      let live = true;
      const settle = () => {
        if (live) startTransition(() => setState(current()));
      };
      start().then(settle, settle);
      return () => {
        live = false;
      };
    }, [state]);
    const pending = !hydrated || (!state && firstPage);
    // The page's component has just replaced the painted slot: keep the reader's focus.
    useLayoutEffect(() => {
      if (!pending) restorePaintedFocus(document.getElementById("main-content"));
    }, [pending]);
    if (pending) return <PagePending />;
    if (state && "error" in state) throw state.error;
    const Page = state ? state.Component : use(start());
    return <Page />;
  }
  return LazyPage;
}
