import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "scroll-positions";
const MAX_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or disabled: positions are then kept for this page's life only.
  }
}

/**
 * Scroll positions across navigations, per history entry (kept in sessionStorage, so they survive
 * a reload): a new page (link, redirect) starts at its top, or at the element its #hash names;
 * back and forward return to where the reader was on that entry.
 * The first page of a visit is left alone: the browser has placed it (and the reader may have
 * scrolled the painted page before the app took over).
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  const currentKey = useRef(location.key);
  const first = useRef(true);

  // Remember the position of the entry being read, as the reader scrolls.
  useEffect(() => {
    positions.current ??= readPositions();
    history.scrollRestoration = "manual";
    // Scroll events come at most once a frame; saving is a map write.
    const onScroll = () => void positions.current!.set(currentKey.current, scrollY);
    const persist = () => writePositions(positions.current!);
    addEventListener("scroll", onScroll, { passive: true });
    addEventListener("pagehide", persist);
    return () => {
      removeEventListener("scroll", onScroll);
      removeEventListener("pagehide", persist);
    };
  }, []);

  // After the new location's page has rendered, before the browser paints it.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (first.current) {
      first.current = false;
      return;
    }
    positions.current ??= readPositions();
    writePositions(positions.current);
    const saved = positions.current.get(location.key);
    if (navigationType === "POP" && saved !== undefined) {
      scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
