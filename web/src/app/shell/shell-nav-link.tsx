import type { ReactNode } from "react";
import { Link, useMatch } from "react-router";
import { useHydrated } from "@/lib/hydrated";

type ShellNavLinkProps = {
  to: string;
  className(isActive: boolean): string;
  onClick?(): void;
  children: ReactNode;
};

/**
 * A link of the shell's menus that marks the current page (class and aria-current) once the app
 * runs, as NavLink would: the path itself or below it ("/" only itself). The prerendered shell is
 * the same HTML for every URL, so until hydration no link is marked, which keeps hydration exact.
 * Always the same element: marking it after hydration changes two attributes; it does not replace
 * the link (as switching from Link to NavLink did).
 */
export function ShellNavLink({ to, className, onClick, children }: ShellNavLinkProps) {
  const hydrated = useHydrated();
  const active = useMatch({ path: to, end: to === "/" }) !== null && hydrated;
  return (
    <Link to={to} className={className(active)} aria-current={active ? "page" : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}
