import type { RegisterInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/register → { token, user }. Throws ApiRequestError (field errors in `errors`). */
export function registerRequest(body: RegisterInput) {
  return unwrap(api.api.auth.register.$post({ json: body }));
}
