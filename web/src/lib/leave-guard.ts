import { useEffect } from "react";

/**
 * Leaving a page with work that would be lost asks first. A page declares it with
 * `useLeaveGuard(active, question)`; while any mounted guard is active:
 *  - a link, `navigate()`, back or forward to another path inside the app opens the guard's
 *    question (react-router's `useBlocker` holds the navigation, web/src/app/leave-dialog.tsx):
 *    the leave button goes on, "Stay" keeps the page as it is;
 *  - closing or reloading the tab, or leaving the site, gets the browser's own prompt
 *    (`beforeunload`; browsers show their own text).
 * Navigations within the same path (a filter in the query string) are not held: pages that
 * reload rows on such a change ask themselves.
 *
 * A form that navigates once its changes are saved wraps that navigation in
 * `leaveWithoutAsking`, since its unsaved flag clears only on the next render.
 */
export type LeaveQuestion = { title: string; message: string; leaveLabel: string };

/** The question of forms with unsaved changes (the default). */
export const UNSAVED_CHANGES: LeaveQuestion = {
  title: "Unsaved changes",
  message: "You have unsaved changes. Leave this page and discard them?",
  leaveLabel: "Discard changes",
};

/** The active guards, in the order they became active. */
const guards = new Map<object, LeaveQuestion>();
let passing = false;

/** True when a navigation away from the current path should ask first. */
export const leaveNeedsConfirmation = () => guards.size > 0 && !passing;

/** What to ask: the question of the guard that became active last. */
export const leaveQuestion = (): LeaveQuestion => [...guards.values()].at(-1) ?? UNSAVED_CHANGES;

/** Runs `go` (a navigation) without the question. */
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

/** Declares that the calling page has (`active`) or has no work that leaving would lose. */
export function useLeaveGuard(active: boolean, question: LeaveQuestion = UNSAVED_CHANGES): void {
  useEffect(() => {
    if (!active) return;
    const token = {};
    guards.set(token, question);
    if (guards.size === 1) window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      guards.delete(token);
      if (guards.size === 0) window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [active, question]);
}
