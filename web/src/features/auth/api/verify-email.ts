import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/verify-email { token }: confirms the address (400 verification_failed otherwise). */
export function verifyEmailRequest(token: string) {
  return unwrap(api.api.auth["verify-email"].$post({ json: { token } }));
}

/** POST /api/auth/resend-verification (signed in): mails a new link; 409 when already confirmed. */
export function resendVerificationRequest() {
  return unwrap(api.api.auth["resend-verification"].$post());
}
