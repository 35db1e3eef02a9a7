import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { ResetPasswordInput } from "@schemas/auth";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/auth/reset-password/check { token } → { email }; 400 link_expired / link_used, 404 for an unknown link. */
export function checkResetLinkRequest(token: string) {
  return unwrap(api.api.auth["reset-password"].check.$post({ json: { token } }));
}

/**
 * Whether the reset link still works, asked once when the page opens (nothing is spent: only
 * setting the password uses the link). No key without a token: such a link is not valid.
 */
export function useResetLinkCheck(token: string) {
  return useSWR(token ? apiKey("/api/auth/reset-password/check", { token }) : null, () => checkResetLinkRequest(token), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/** POST /api/auth/reset-password { token, newPassword } → 204; every session of the account ends. */
export async function resetPasswordRequest(body: ResetPasswordInput): Promise<void> {
  await unwrap(api.api.auth["reset-password"].$post({ json: body }));
}
