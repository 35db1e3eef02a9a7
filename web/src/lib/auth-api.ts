import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { User } from "@schemas/user";
import { api, unwrap } from "./api-client";

/**
 * The session's own API calls. They live in lib/ (not in a feature) because the session
 * provider, which every page sits in, needs them.
 */

export const CURRENT_USER_KEY = apiKey("/api/auth/me");

/** GET /api/auth/me: the signed-in user as the server has it now. */
export const getCurrentUser = () => unwrap(api.api.auth.me.$get({ query: {} }));

/**
 * The saved user confirmed with the server, once per page load (`enabled` while a session is
 * stored). A revoked session or a deactivated account answers 401, which ends the session.
 */
export function useCurrentUser(enabled: boolean, onUser: (user: User) => void) {
  return useSWR(enabled ? CURRENT_USER_KEY : null, getCurrentUser, {
    onSuccess: (data) => {
      if (data?.user) onUser(data.user);
    },
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/** POST /api/auth/logout: ends the server session (best effort: signing out locally matters most). */
export async function logoutRequest(): Promise<void> {
  try {
    await api.api.auth.logout.$post();
  } catch {
    // The server session expires on its own.
  }
}
