/**
 * Tab and Shift+Tab that go round the controls of a modal (the one dialog, the gallery's
 * lightbox) instead of leaving it: from the last control (or anything after it) Tab goes to the
 * first, from the first (or anything before it, such as the modal's own box) Shift+Tab goes to the
 * last, and from outside the modal either key brings focus back in. Elsewhere Tab moves as usual.
 */

/** What Tab can reach. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** True when `a` comes before `b` in the document (an ancestor comes before what it contains). */
const precedes = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

type TabKey = { key: string; shiftKey: boolean; preventDefault(): void };

export function keepTabInside(event: TabKey, root: HTMLElement): void {
  if (event.key !== "Tab") return;
  // Visible and not inert: a slide the lightbox has moved off screen holds controls too.
  const controls = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[inert]") && el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active !== null && root.contains(active);
  const next = event.shiftKey
    ? !inside || active === first || !precedes(first, active!) ? last : null
    : !inside || active === last || !precedes(active!, last) ? first : null;
  if (!next) return;
  event.preventDefault();
  next.focus();
}
