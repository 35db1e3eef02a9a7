import type { ProfileInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** PUT /api/auth/profile → { user }. */
export function updateProfileRequest(body: ProfileInput) {
  return unwrap(api.api.auth.profile.$put({ json: body }));
}
