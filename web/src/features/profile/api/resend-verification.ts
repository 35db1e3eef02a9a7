import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/resend-verification → 202: a new link (1 a minute, 5 a day: 429 beyond); 409 when already confirmed. */
export function resendVerificationRequest() {
  return unwrap(api.api.auth["resend-verification"].$post());
}
