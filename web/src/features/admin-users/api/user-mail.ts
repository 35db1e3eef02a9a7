import { api, unwrap } from "@/lib/api-client";

/** POST /api/admin/users/{id}/verification-mail → 202 (the member's budget: 1 a minute, 5 a day); 409 when already verified. */
export function sendVerificationMailRequest(id: number) {
  return unwrap(api.api.admin.users[":id"]["verification-mail"].$post({ param: { id: String(id) } }));
}

/** POST /api/admin/users/{id}/password-reset-mail → 202 (3 an hour per address); 409 for a deactivated account. */
export function sendPasswordResetMailRequest(id: number) {
  return unwrap(api.api.admin.users[":id"]["password-reset-mail"].$post({ param: { id: String(id) } }));
}
