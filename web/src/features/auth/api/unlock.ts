import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/unlock { token } → { unlocked: true }; 404 for an unknown or used link, 400 link_expired when the lock is over. */
export function unlockRequest(token: string) {
  return unwrap(api.api.auth.unlock.$post({ json: { token } }));
}
