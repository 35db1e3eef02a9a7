import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates the shell prerendered at build time (and in that prerender), true
 * afterwards and for everything rendered later. Parts that depend on the browser (the session,
 * the stored theme, the current URL) render their prerendered form until then, so hydration
 * matches the HTML exactly; React re-renders them right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
