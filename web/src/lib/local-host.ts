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

export function isLocalSite(): boolean {
  return typeof location !== "undefined" && isLocalHostname(location.hostname);
}
