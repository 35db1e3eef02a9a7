/**
 * Keyboard focus across the app's takeover of a painted page: a reader may have tabbed to a link
 * in the first view the Worker painted before the app ran. When the page's component replaces
 * that markup, the focused element is gone and focus would fall back to <body>; instead it moves to
 * the app's element that stands for the same thing (same id, or the same link in the same order).
 */
type FocusMark = { selector: string; index: number };

let mark: FocusMark | null = null;

/** Called as the painted slot leaves the page: remembers its focused element, if any. */
export function rememberPaintedFocus(slot: HTMLElement | null): void {
  const active = document.activeElement;
  if (!slot || !(active instanceof HTMLElement) || !slot.contains(active)) return;
  const href = active instanceof HTMLAnchorElement ? active.getAttribute("href") : null;
  const selector = active.id ? `#${CSS.escape(active.id)}` : href !== null ? `a[href="${CSS.escape(href)}"]` : null;
  if (selector) mark = { selector, index: [...slot.querySelectorAll(selector)].indexOf(active) };
}

/** Called once the page's component is in place: focuses its element matching the painted one. */
export function restorePaintedFocus(root: HTMLElement | null): void {
  const wanted = mark;
  mark = null;
  if (!wanted || !root) return;
  root.querySelectorAll<HTMLElement>(wanted.selector)[Math.max(wanted.index, 0)]?.focus({ preventScroll: true });
}
