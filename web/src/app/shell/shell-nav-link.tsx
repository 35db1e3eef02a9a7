import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useHydrated } from "@/lib/hydrated";

type ShellNavLinkProps = {
  to: string;
  className(isActive: boolean): string;
  onClick?(): void;
  children: ReactNode;
};

/**
 * A link of the shell's menus that marks the current page (class and aria-current) once the app
 * runs. The prerendered shell is the same HTML for every URL, so until hydration no link is
 * marked (a plain Link), which keeps hydration exact.
 */
export function ShellNavLink({ to, className, onClick, children }: ShellNavLinkProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to={to} className={className(false)} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <NavLink to={to} end={to === "/"} className={({ isActive }) => className(isActive)} onClick={onClick}>
      {children}
    </NavLink>
  );
}
