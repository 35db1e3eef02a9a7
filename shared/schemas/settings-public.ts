/**
 * The site settings every visitor's SPA needs (types, product defaults, the public view), without
 * zod: the app shell imports this on every page, so it must not pull the schema library into the
 * entry chunk. The validating schema is in ./settings.
 */

/**
 * Every site setting's value, as ./settings validates them (its schema is checked there to give
 * exactly this shape, so the two cannot drift).
 */
export type SiteSettingsValues = {
  siteName: string;
  siteDescription: string;
  enableComments: boolean;
  moderateComments: boolean;
  enableRegistration: boolean;
  requireEmailVerification: boolean;
  maxFileUploadSize: number;
  maintenanceMode: boolean;
  maintenanceMessage: string;
  imageHosts: string[];
};

/** Shown to visitors while maintenance is on and no message was written. */
export const DEFAULT_MAINTENANCE_MESSAGE =
  "The site is down for scheduled maintenance. Please check back soon.";

/** What every visitor's SPA needs to show or hide things, and which image hosts it may load (nothing here is secret). */
export type PublicSiteSettings = Pick<
  SiteSettingsValues,
  | "siteName"
  | "siteDescription"
  | "enableComments"
  | "moderateComments"
  | "enableRegistration"
  | "requireEmailVerification"
  | "maxFileUploadSize"
  | "maintenanceMode"
  | "maintenanceMessage"
  | "imageHosts"
>;

/** Used while no settings row exists (fresh database): the product's defaults. */
export const DEFAULT_SITE_SETTINGS: SiteSettingsValues = {
  siteName: "Realm Codex",
  siteDescription: "",
  enableComments: true,
  moderateComments: true,
  enableRegistration: true,
  requireEmailVerification: true,
  maxFileUploadSize: 10,
  maintenanceMode: false,
  maintenanceMessage: "",
  imageHosts: [],
};

export function toPublicSettings(s: SiteSettingsValues): PublicSiteSettings {
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    enableComments: s.enableComments,
    moderateComments: s.moderateComments,
    enableRegistration: s.enableRegistration,
    requireEmailVerification: s.requireEmailVerification,
    maxFileUploadSize: s.maxFileUploadSize,
    maintenanceMode: s.maintenanceMode,
    // The message only matters (and is only shown) while maintenance is on.
    maintenanceMessage: s.maintenanceMode ? s.maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE : "",
    // Every page renders images through this list (shared/image-source.ts).
    imageHosts: s.imageHosts,
  };
}
