import { useEffect } from "react";

/**
 * Leaving a page with unsaved changes asks first. A form declares its state with
 * `useLeaveGuard(dirty)`; while any mounted form is dirty:
 *  - a link or `navigate()` to another path inside the app opens the "Unsaved changes" dialog
 *    (the app router holds the navigation, web/src/app/app-router.tsx): "Discard changes" goes on,
 *    "Stay" keeps the page as it is;
 *  - closing or reloading the tab, or leaving the site, gets the browser's own prompt
 *    (`beforeunload`).
 * Navigations within the same path (a filter in the query string) are not held: pages that
 * reload rows on such a change ask themselves. Back and forward are not held either: the browser
 * has already moved when the app hears of them, and the tab-close prompt does not cover them.
 *
 * A form that navigates once its changes are saved wraps that navigation in
 * `leaveWithoutAsking`, since its unsaved flag clears only on the next render.
 */
const dirtyForms = new Set<object>();
let passing = false;

/** True when a navigation away from the current path should ask first. */
export const leaveNeedsConfirmation = () => dirtyForms.size > 0 && !passing;

/** Runs `go` (a navigation) without the unsaved-changes question. */
export function leaveWithoutAsking<T>(go: () => T): T {
  passing = true;
  try {
    return go();
  } finally {
    passing = false;
  }
}

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  if (!leaveNeedsConfirmation()) return;
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = "";
};

/** Declares that the calling form has (`dirty`) or has no unsaved changes. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = {};
    dirtyForms.add(token);
    if (dirtyForms.size === 1) window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      dirtyForms.delete(token);
      if (dirtyForms.size === 0) window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);
}
