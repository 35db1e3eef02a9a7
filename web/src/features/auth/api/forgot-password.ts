import type { ForgotPasswordInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/forgot-password → 202 { message } (the same answer for every address); 429 when the network asked too often. */
export function forgotPasswordRequest(body: ForgotPasswordInput) {
  return unwrap(api.api.auth["forgot-password"].$post({ json: body }));
}
