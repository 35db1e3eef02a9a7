import { useSiteOrigin } from "./page-head";
/**
 * True when the site runs on localhost or a bare IP address (development, tests, LAN previews).
 * There the comment widget shows a placeholder instead of loading and error states
 * add developer hints.
 */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return true;
  // IPv6 literals (::1, fe80::…) are the only hostnames with a colon.
  return host.includes(":");
}

/** True when the site's origin (useSiteOrigin: the Worker's SITE_URL while it renders, the browser's own origin after) is a local host. */
export function isLocalOrigin(origin: string): boolean {
  try {
    return isLocalHostname(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** True when the site runs on a local host (see isLocalOrigin); the same while the Worker renders and in the browser. */
export function useLocalSite(): boolean {
  return isLocalOrigin(useSiteOrigin());
}
