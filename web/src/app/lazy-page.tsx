import { startTransition, use, useEffect, useState } from "react";
import { useHydrated } from "@/lib/hydrated";
import { PagePending } from "./page-pending";
import { loadedPage, loadPage, type PageModule, type PageRoute } from "./routes";

/**
 * A page of the route table (./routes.ts), whose module loads on demand.
 *
 * - Rendered by the Worker, and hydrated in the browser: the module of a guest page is loaded
 *   before rendering (worker/pages, src/entry.client.tsx), so the page renders at once and the
 *   browser's first render equals the Worker's HTML. A member page's module is not loaded there:
 *   both render `PagePending`, and the browser then loads the page and shows it.
 * - On a later navigation the page suspends until its module is here; navigations run in a
 *   transition (AppRouter), so React keeps the previous page on screen, with the progress bar.
 * A module that fails to load (e.g. a chunk removed by a deploy) throws to the page's error boundary.
 */
export function LazyPage({ route }: { route: PageRoute }) {
  // Mounted while hydrating (the first page of a visit): the placeholder until the module is here,
  // so the shell stays interactive meanwhile. Mounted later (a navigation): the page suspends.
  const [firstPage] = useState(!useHydrated());
  const [arrived, setArrived] = useState<PageModule | { error: unknown } | undefined>(() => loadedPage(route));
  useEffect(() => {
    if (arrived) return;
    let live = true;
    // Rendered in a transition: React renders the page in slices and yields to the browser.
    loadPage(route).then(
      (module) => live && startTransition(() => setArrived(module)),
      (error: unknown) => live && startTransition(() => setArrived({ error })),
    );
    return () => {
      live = false;
    };
  }, [arrived, route]);
  if (arrived && "error" in arrived) throw arrived.error;
  const module = arrived ?? (firstPage ? undefined : use(loadPage(route)));
  if (!module) return <PagePending />;
  return <module.Component />;
}
