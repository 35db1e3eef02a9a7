import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { SiteSettingsDto } from "@schemas/settings";
import { api, unwrap } from "@/lib/api-client";

export const SITE_SETTINGS_KEY = apiKey("/api/settings");

/** GET /api/settings (Admin): every setting with its update stamp. */
export function getSiteSettings(): Promise<SiteSettingsDto> {
  return unwrap(api.api.settings.$get({ query: {} }));
}

/** The full settings through SWR; never deduped across visits (an admin must see the latest). */
export function useSiteSettingsAdmin() {
  return useSWR(SITE_SETTINGS_KEY, getSiteSettings, { dedupingInterval: 0, revalidateOnMount: true });
}
