import { createContext, use, useEffect, useMemo, type ReactNode } from "react";
import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { SETTINGS_ELEMENT_ID } from "@shared/page-data";
import { DEFAULT_SITE_SETTINGS, toPublicSettings, type PublicSiteSettings } from "@schemas/settings-public";
import { api, onMaintenance, unwrap } from "./api-client";

/** The SWR key of GET /api/settings/public (the admin settings page revalidates it after a save). */
export const PUBLIC_SETTINGS_KEY = apiKey("/api/settings/public");


export const DEFAULT_PUBLIC_SETTINGS: PublicSiteSettings = toPublicSettings(DEFAULT_SITE_SETTINGS);

/** Keeps only well-typed known fields, so a stray or partial answer can never switch things off. */
export function normalizeSettings(data: unknown): PublicSiteSettings {
  const source = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const out = { ...DEFAULT_PUBLIC_SETTINGS } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(DEFAULT_PUBLIC_SETTINGS)) {
    const value = source[key];
    const fits = Array.isArray(fallback) ? Array.isArray(value) && value.every((v) => typeof v === "string") : typeof value === typeof fallback;
    if (fits) out[key] = value;
  }
  return out as PublicSiteSettings;
}

/** The settings the Worker put in the page, if it served this page. */
function embeddedSettings(): PublicSiteSettings | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return normalizeSettings(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** GET /api/settings/public. */
export async function getPublicSettings(): Promise<PublicSiteSettings> {
  return normalizeSettings(await unwrap(api.api.settings.public.$get({ query: {} })));
}

type SiteSettingsContextValue = { settings: PublicSiteSettings; loaded: boolean };

const SiteSettingsContext = createContext<SiteSettingsContextValue>({ settings: DEFAULT_PUBLIC_SETTINGS, loaded: false });

/**
 * Provides the public site settings to the whole app. A page served by the Worker carries them
 * (no request on first load); otherwise they are fetched once. A 503 `maintenance_mode` from
 * any API call refetches them, so the maintenance screen shows at once. `initial` is for tests.
 */
export function SiteSettingsProvider({ children, initial }: { children: ReactNode; initial?: PublicSiteSettings }) {
  const embedded = useMemo(() => initial ?? embeddedSettings(), [initial]);
  const { data, mutate } = useSWR(PUBLIC_SETTINGS_KEY, getPublicSettings, {
    fallbackData: embedded,
    revalidateOnMount: !embedded,
    dedupingInterval: 5_000,
  });
  useEffect(() => onMaintenance(() => void mutate()), [mutate]);
  const value = useMemo(() => ({ settings: data ?? DEFAULT_PUBLIC_SETTINGS, loaded: data !== undefined }), [data]);
  return <SiteSettingsContext value={value}>{children}</SiteSettingsContext>;
}

/**
 * The public site settings (the product defaults until they are known, or without a provider).
 * The Worker renders a page with the settings it writes into it, so hydration sees the same.
 */
export function useSiteSettings(): PublicSiteSettings {
  return use(SiteSettingsContext).settings;
}
