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

/** Saved positions by history entry key (read from sessionStorage once), and the entry on screen. */
let positions: Map<string, number> | undefined;
let currentKey: string | undefined;

const saved = () => (positions ??= readPositions());

/**
 * Records where the reader is on the entry on screen. AppRouter calls it as a navigation starts,
 * before the next page changes the document's height (scroll events alone may not have fired yet).
 */
export function saveScrollPosition(): void {
  if (currentKey !== undefined) saved().set(currentKey, scrollY);
}

/**
 * Scroll positions across navigations, per history entry (kept in sessionStorage, so they survive
 * a reload): a new page (link, redirect) starts at its top, or at the element its #hash names;
 * back and forward return to where the reader was on that entry.
 * The first page of a visit is left alone: the browser has placed it (and the reader may have
 * scrolled the Worker's page before the app hydrated it).
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  // Remember the position of the entry being read, as the reader scrolls.
  useEffect(() => {
    history.scrollRestoration = "manual";
    // Scroll events come at most once a frame; saving is a map write.
    const persist = () => writePositions(saved());
    addEventListener("scroll", saveScrollPosition, { passive: true });
    addEventListener("pagehide", persist);
    return () => {
      removeEventListener("scroll", saveScrollPosition);
      removeEventListener("pagehide", persist);
    };
  }, []);

  // After the new location's page has rendered, before the browser paints it.
  useLayoutEffect(() => {
    currentKey = location.key;
    if (first.current) {
      first.current = false;
      return;
    }
    writePositions(saved());
    const position = saved().get(location.key);
    if (navigationType === "POP" && position !== undefined) {
      scrollTo(0, position);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
