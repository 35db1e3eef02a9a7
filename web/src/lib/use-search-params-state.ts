import { useCallback, useLayoutEffect, useRef } from "react";
import { useSearchParams, type NavigateOptions } from "react-router";

type Next = (current: URLSearchParams) => URLSearchParams | Record<string, string> | string;

/**
 * The URL's query string as state, with a setter that builds on the latest value asked for.
 * React Router's setter (its function form too) starts from the params of the last render, and
 * navigations render in a transition: two changes made before the page re-renders (two selects
 * changed quickly) would keep only the second. Here a change starts from the value the previous
 * change asked for until a render shows it; a navigation from elsewhere (a link, Back) wins.
 */
export function useSearchParamsState(): [URLSearchParams, (next: Next, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  /** The value on screen, and the values asked for since and not rendered yet (oldest first). */
  const shown = useRef(rendered);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    // A render of one of ours drops what it has caught up with; any other value is a navigation
    // from elsewhere, and the queue starts afresh.
    const at = pending.current.indexOf(rendered);
    pending.current = at === -1 ? [] : pending.current.slice(at + 1);
    shown.current = rendered;
  }, [rendered]);
  const update = useCallback(
    (next: Next, options?: NavigateOptions) => {
      const base = pending.current.at(-1) ?? shown.current;
      const value = new URLSearchParams(next(new URLSearchParams(base))).toString();
      // Nothing changes (a control told again what it already shows): no history entry.
      if (value === base) return;
      pending.current.push(value);
      setParams(value, options);
    },
    [setParams],
  );
  return [params, update];
}
