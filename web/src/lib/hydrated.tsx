import { createContext, startTransition, use, useEffect, useState, type ReactNode } from "react";

/** Set before the shell prerendered at build time is hydrated (src/boot.tsx) and while prerendering. */
let hydrating = false;

/** The next <HydrationProvider> to mount starts in the "not hydrated yet" state. */
export function markHydrating(): void {
  hydrating = true;
}

// Without a provider (components rendered on their own, e.g. in tests) everything counts as hydrated.
const HydratedContext = createContext(true);

/**
 * Holds the "hydrated" flag for the app. It turns true in a transition right after hydration, so
 * React re-renders the browser-dependent parts in small slices, yielding to the browser, instead
 * of in one blocking task (which is what a useSyncExternalStore server snapshot would force).
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (hydrated) return;
    hydrating = false;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while React hydrates the shell prerendered at build time (and in that prerender), true
 * afterwards and for everything rendered later. Parts that depend on the browser (the session,
 * the stored theme, the current URL) render their prerendered form until then, so hydration
 * matches the HTML exactly; React re-renders them right after.
 */
export function useHydrated(): boolean {
  return use(HydratedContext);
}
