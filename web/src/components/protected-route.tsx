import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { User } from "@schemas/user";
import { useSession } from "@/lib/session";
import { buttonClass } from "./ui/button";
import { paths } from "@shared/paths";

type Role = User["roles"][number];

export type ProtectedRouteProps = {
  children: ReactNode;
  requireAdmin?: boolean;
  /** Moderator level: the Moderator or the Admin role. */
  requireModerator?: boolean;
  requiredRole?: Role;
};

/** Denial texts. */
export const ACCESS_DENIED = {
  admin: "You need administrator privileges to access this page.",
  moderator: "You need moderator privileges to access this page.",
  role: "You don't have the required role to access this page.",
} as const;

/** Where the sign-in page sends the visitor back to: `navigate(returnPath(location.state) ?? "/")`. */
export type ReturnState = { from?: string };

export function returnPath(state: unknown): string | null {
  const from = (state as ReturnState | null)?.from;
  // Only same-site paths (never `//host` or a URL).
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : null;
}

function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <svg viewBox="0 0 24 24" className="h-14 w-14 text-brand-700 dark:text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <rect x="4" y="10" width="16" height="11" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      </svg>
      <h1 className="mt-4 font-display text-3xl font-bold text-ink">Access Denied</h1>
      <p className="mt-3 text-lg text-ink-muted">{message}</p>
      <button type="button" className={`${buttonClass()} mt-8`} onClick={() => void (history.length > 1 ? navigate(-1) : navigate(paths.home()))}>
        Go Back
      </button>
    </section>
  );
}

/**
 * Page guard. The session is restored synchronously from
 * storage, so there is nothing to wait for: guests go to /login (with `state.from` so sign-in can come back); a missing privilege
 * shows 'Access Denied'. The server enforces the same rules on every call.
 */
export function ProtectedRoute({ children, requireAdmin, requireModerator, requiredRole }: ProtectedRouteProps) {
  const { status, user, isAdmin, isModerator } = useSession();
  const location = useLocation();

  if (status === "unauthenticated" || !user) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  if (requireAdmin && !isAdmin) return <AccessDenied message={ACCESS_DENIED.admin} />;
  if (requireModerator && !isModerator) return <AccessDenied message={ACCESS_DENIED.moderator} />;
  if (requiredRole && !user.roles.includes(requiredRole)) return <AccessDenied message={ACCESS_DENIED.role} />;
  return children;
}
