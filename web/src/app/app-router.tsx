import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from "react";
import { Router, type UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { saveScrollPosition } from "./scroll-restoration";

type History = ReturnType<typeof createBrowserHistory>;

const NavigationPendingContext = createContext(false);

/**
 * The app's router (react-router's declarative mode, see docs/decisions/0020-declarative-routing.md):
 * the location comes from `history` and every change is rendered in a transition, so a page whose
 * module is still loading suspends while the previous page stays on screen; `useNavigationPending`
 * is true meanwhile.
 */
export function AppRouter({ history, children }: { history: History; children: ReactNode }) {
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        saveScrollPosition();
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}

/** True while a navigation waits for its page (e.g. the page's module is on its way). */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}
