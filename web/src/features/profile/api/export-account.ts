import type { AccountExport } from "@schemas/account";
import { api, unwrap } from "@/lib/api-client";

/** GET /api/account/export: everything the site keeps about the member (profile, sessions, own audit-log actions). */
export function exportAccountRequest(): Promise<AccountExport> {
  return unwrap(api.api.account.export.$get({ query: {} }));
}
