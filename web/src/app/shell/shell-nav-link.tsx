import type { ReactNode } from "react";
import { Link, matchPath, type PathPattern, useLocation } from "react-router";
import { useHydrated } from "@/lib/hydrated";

type ShellNavLinkProps = {
  to: string;
  /** Other paths of the link's part of the site (route patterns, e.g. "/units/*"). */
  section?: readonly string[];
  className(isActive: boolean): string;
  onClick?(): void;
  children: ReactNode;
};

/**
 * A link of the shell's menus that marks the current page (class and aria-current) once the app
 * runs, as NavLink would: the path itself or below it ("/" only itself), or a path of its
 * `section`. The prerendered shell is the same HTML for every URL, so until hydration no link is
 * marked, which keeps hydration exact.
 * Always the same element: marking it after hydration changes two attributes; it does not replace
 * the link (as switching from Link to NavLink did).
 */
export function ShellNavLink({ to, section = [], className, onClick, children }: ShellNavLinkProps) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const matches = (pattern: string | PathPattern) => matchPath(pattern, pathname) !== null;
  const active = hydrated && (matches({ path: to, end: to === "/" }) || section.some(matches));
  return (
    <Link to={to} className={className(active)} aria-current={active ? "page" : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}
