import { createContext, startTransition, use, useEffect, useState, type ReactNode } from "react";

// Without a provider (components rendered on their own, e.g. in tests) everything counts as hydrated.
const HydratedContext = createContext(true);

/**
 * Holds the "hydrated" flag for the app: false while the Worker renders a page and while the
 * browser hydrates that HTML (`hydrating`), true afterwards and for everything rendered later.
 * It turns true in a transition right after hydration, so React re-renders the browser-dependent
 * parts in small slices, yielding to the browser, instead of in one blocking task.
 */
export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while the Worker renders a page and while the browser hydrates it, true afterwards.
 * Parts that depend on the browser (the session, the stored theme, the reader's time zone) render
 * as the Worker rendered them (for a guest, in UTC) until then, so hydration matches the HTML
 * exactly; React re-renders them right after.
 */
export function useHydrated(): boolean {
  return use(HydratedContext);
}
