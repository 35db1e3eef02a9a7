import { mutate } from "swr";
import type { SiteSettings, SiteSettingsDto } from "@schemas/settings";
import { api, unwrap } from "@/lib/api-client";
import { PUBLIC_SETTINGS_KEY } from "@/lib/site-settings";
import { SITE_SETTINGS_KEY } from "./get-site-settings";

/**
 * PUT /api/settings (Admin) with the whole form and the version it was based on (`updatedAt` as
 * loaded, null for never-saved defaults; 409 stale_version when someone saved in between); then
 * the admin copy and the public settings refresh.
 */
export async function saveSiteSettings(input: SiteSettings, version: string | null): Promise<SiteSettingsDto> {
  const saved = await unwrap(api.api.settings.$put({ json: { ...input, updatedAt: version } }));
  await mutate(SITE_SETTINGS_KEY, saved, { revalidate: false });
  void mutate(PUBLIC_SETTINGS_KEY);
  return saved;
}
