import type { RegisterInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/register → 202 { message }, whatever the address. Throws ApiRequestError (field errors in `errors`). */
export function registerRequest(body: RegisterInput) {
  return unwrap(api.api.auth.register.$post({ json: body }));
}
