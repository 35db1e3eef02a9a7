import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";

export const FASTCOMMENTS_SSO_KEY = apiKey("/api/auth/fastcomments-sso");

/**
 * GET /api/auth/fastcomments-sso: the widget's tenant and region, and the signed SSO payload for
 * a signed-in user (only loginURL/logoutURL for guests).
 */
export function getFastCommentsSso() {
  return unwrap(api.api.auth["fastcomments-sso"].$get());
}

/**
 * The comment widget's SSO settings for whoever is signed in. Loaded once per user: the session
 * clears the cache when the user changes, which loads it again.
 */
export function useFastCommentsSso() {
  return useSWR(FASTCOMMENTS_SSO_KEY, getFastCommentsSso, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
