import type { DeleteAccountInput } from "@schemas/account";
import { api, unwrap } from "@/lib/api-client";

/** POST /api/account/delete { password } → 204: the account is deleted and every session ends. */
export async function deleteAccountRequest(body: DeleteAccountInput): Promise<void> {
  await unwrap(api.api.account.delete.$post({ json: body }));
}
