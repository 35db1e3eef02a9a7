/** Site settings (GET/PUT /api/settings, GET /api/settings/public). Pure zod; the web may import it. */
import { z } from "zod";
import { singleLineText, text } from "./text";
import { versionText } from "./version";
import { IMAGE_HOST_MAX_LENGTH, IMAGE_HOSTS_MAX } from "../image-source";
import type { SiteSettingsValues } from "./settings-public";

export const SITE_NAME_MAX = 100;
export const SITE_DESCRIPTION_MAX = 500;
export const MAINTENANCE_MESSAGE_MAX = 1000;
export const MAX_UPLOAD_MB_MIN = 1;
export const MAX_UPLOAD_MB_MAX = 100;

const UPLOAD_SIZE_MESSAGE = `Max upload size must be a whole number from ${MAX_UPLOAD_MB_MIN} to ${MAX_UPLOAD_MB_MAX} (MB).`;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

/**
 * A DNS hostname: dot-separated labels of letters, digits and inner hyphens, at least two, the
 * last starting with a letter (a top-level domain: no IP addresses).
 */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const hostMessage = (host: string) =>
  `“${host}” is not a hostname such as images.example.org (no https://, path, port or wildcard; at most ${IMAGE_HOST_MAX_LENGTH} characters).`;

/**
 * The hosts besides this site's own files that pages may load images from (empty: none). Each is
 * a lower-cased hostname, listed once; at most IMAGE_HOSTS_MAX. A bad host is reported on the
 * list itself (the form shows the list as one field).
 */
export const imageHostsSchema = z
  .array(text({ error: "Each image host must be text." }).trim().toLowerCase(), { error: "Image hosts must be a list of hostnames." })
  .max(IMAGE_HOSTS_MAX, `At most ${IMAGE_HOSTS_MAX} image hosts.`)
  .superRefine((hosts, ctx) => {
    const bad = hosts.find((host) => host.length > IMAGE_HOST_MAX_LENGTH || !HOSTNAME.test(host));
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: hostMessage(bad.length > 60 ? `${bad.slice(0, 60)}…` : bad) });
  })
  .transform((hosts) => [...new Set(hosts)]);

/** Every option of the settings form; the PUT body is the whole object. */
export const siteSettingsSchema = z.object({
  // The site name is the sender's name of account mail (a header): one line, no control characters.
  siteName: singleLineText({ error: "Site name is required." })
    .trim()
    .min(1, "Site name is required.")
    .max(SITE_NAME_MAX, `Site name must be at most ${SITE_NAME_MAX} characters long.`),
  siteDescription: text({ error: "Site description must be text." })
    .trim()
    .max(SITE_DESCRIPTION_MAX, `Site description must be at most ${SITE_DESCRIPTION_MAX} characters long.`),
  enableComments: flag("Enable comments"),
  moderateComments: flag("Moderate comments"),
  enableRegistration: flag("Enable registration"),
  requireEmailVerification: flag("Require email verification"),
  maxFileUploadSize: z
    .number({ error: UPLOAD_SIZE_MESSAGE })
    .int(UPLOAD_SIZE_MESSAGE)
    .min(MAX_UPLOAD_MB_MIN, UPLOAD_SIZE_MESSAGE)
    .max(MAX_UPLOAD_MB_MAX, UPLOAD_SIZE_MESSAGE),
  maintenanceMode: flag("Maintenance mode"),
  maintenanceMessage: text({ error: "Maintenance message must be text." })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, `Maintenance message must be at most ${MAINTENANCE_MESSAGE_MAX} characters long.`),
  imageHosts: imageHostsSchema,
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

// The zod-free shape in ./settings-public is exactly this schema's (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<SiteSettings, SiteSettingsValues> = true;

/**
 * PUT /api/settings: every option and the version they were based on, the `updatedAt` GET
 * answered (null: the defaults, never saved). 409 stale_version when outdated.
 */
export const siteSettingsUpdateSchema = siteSettingsSchema.extend({ updatedAt: versionText.nullable().optional() });

/** The settings with an update stamp, as GET/PUT /api/settings answer them (admins only). */
export type SiteSettingsDto = SiteSettings & { updatedAt: string | null };

// The zod-free part (types, defaults, the public view) lives in ./settings-public so that the
// app shell can use it without loading zod; re-exported here for the Worker and the forms.
export {
  DEFAULT_SITE_SETTINGS,
  toPublicSettings,
  type PublicSiteSettings,
} from "./settings-public";
