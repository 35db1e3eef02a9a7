import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";

export const SESSIONS_KEY = apiKey("/api/account/sessions");

/** GET /api/account/sessions → { items }: the member's active sessions, this one marked `current`. */
export const getSessionsRequest = () => unwrap(api.api.account.sessions.$get({ query: {} }));

/** The sessions list through SWR (read again after a sign-out from it). */
export function useSessions() {
  return useSWR(SESSIONS_KEY, getSessionsRequest, { revalidateOnFocus: false });
}
