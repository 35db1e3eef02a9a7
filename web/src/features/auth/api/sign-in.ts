import type { LoginInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/login → { token, user }. Throws ApiRequestError with the server's message. */
export function signInRequest(body: LoginInput) {
  return unwrap(api.api.auth.login.$post({ json: body }));
}
