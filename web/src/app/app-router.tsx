import { createContext, lazy, Suspense, use, useLayoutEffect, useMemo, useState, useTransition, type ReactNode } from "react";
import { Router, type Navigator, type To, type UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { leaveNeedsConfirmation, leaveQuestion, leaveWithoutAsking, type LeaveQuestion } from "@/lib/leave-guard";
import { saveScrollPosition } from "./scroll-restoration";

type History = ReturnType<typeof createBrowserHistory>;

const NavigationPendingContext = createContext(false);

const LeaveDialog = lazy(() => import("./leave-dialog"));

/**
 * The app's router (react-router's declarative mode, see docs/decisions/0020-declarative-routing.md):
 * the location comes from `history` and every change is rendered in a transition, so a page whose
 * module is still loading suspends while the previous page stays on screen; `useNavigationPending`
 * is true meanwhile. A link or `navigate()` to another path while a page has work that leaving
 * would lose (unsaved changes, uploads on their way) is held until the reader confirms
 * (web/src/lib/leave-guard.ts).
 */
export function AppRouter({ history, children }: { history: History; children: ReactNode }) {
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  /** The navigation waiting for the reader's answer, with the question asked. */
  const [held, setHeld] = useState<{ go(): void; question: LeaveQuestion } | null>(null);
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        saveScrollPosition();
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  const navigator = useMemo<Navigator>(() => {
    const pathOf = (to: To) => (typeof to === "string" ? new URL(to, window.location.href).pathname : (to.pathname ?? history.location.pathname));
    const guarded = (to: To, go: () => void) => {
      if (leaveNeedsConfirmation() && pathOf(to) !== history.location.pathname) setHeld({ go, question: leaveQuestion() });
      else go();
    };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, s) => guarded(to, () => history.push(to, s)),
      replace: (to, s) => guarded(to, () => history.replace(to, s)),
    };
  }, [history]);
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
      {held ? (
        <Suspense fallback={null}>
          <LeaveDialog
            question={held.question}
            onLeave={() => {
              setHeld(null);
              leaveWithoutAsking(held.go);
            }}
            onStay={() => setHeld(null)}
          />
        </Suspense>
      ) : null}
    </NavigationPendingContext>
  );
}

/** True while a navigation waits for its page (e.g. the page's module is on its way). */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}
