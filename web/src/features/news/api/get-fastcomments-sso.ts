import { api, unwrap } from "@/lib/api-client";

/**
 * GET /api/auth/fastcomments-sso: the widget's tenant and region, and the signed SSO payload for
 * a signed-in user (only loginURL/logoutURL for guests).
 */
export function getFastCommentsSso() {
  return unwrap(api.api.auth["fastcomments-sso"].$get());
}
