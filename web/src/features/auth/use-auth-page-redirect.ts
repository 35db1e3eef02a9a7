import { useState } from "react";
import { useLocation } from "react-router";
import { useSession } from "@/lib/session";
import { redirectTarget } from "./redirect-target";

/**
 * For /login and /register: `from` is the location state the page was opened with (kept from
 * the first render: a failed sign-in (401) re-navigates to /login without state), passed on by
 * the link to the other auth page; `redirectTo` is where a signed-in visitor goes
 * (`<Navigate to={redirectTo} replace />`), null while nobody is signed in.
 */
export function useAuthPageRedirect(): { from: unknown; redirectTo: string | null } {
  const { status } = useSession();
  const location = useLocation();
  const [from] = useState<unknown>(location.state);
  return { from, redirectTo: status === "authenticated" ? redirectTarget(from) : null };
}
