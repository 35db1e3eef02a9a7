import type { ChangePasswordInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/change-password → 204; the server signs out every other session. */
export async function changePasswordRequest(body: ChangePasswordInput): Promise<void> {
  await unwrap(api.api.auth["change-password"].$post({ json: body }));
}
