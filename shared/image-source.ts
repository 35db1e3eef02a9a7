/**
 * Which image addresses the site may send a reader's browser to. Records hold image URLs (news,
 * game records, media items, categories); a reader's browser fetches whatever the page names, so
 * an image on a third-party host tells that host every reader's IP address. The site renders an
 * image only from its own files (`/files/…`, R2) or from a host an administrator put on the
 * allow-list in the site settings (`imageHosts`, empty by default). Everything that renders an
 * image URL from data (components, page heads, preloads, structured data, the feed) asks
 * `allowedImageSrc`; writes refuse a new image they would not render (docs/decisions/0048).
 * Pure: the SPA and the Worker import it.
 */

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** A path to one of our R2 files, such as `/files/media/1/large.webp` (no `..`, no spaces). */
export function isFilesPath(value: string): boolean {
  return /^\/files\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$/.test(value) && !value.split("/").includes("..");
}

/** The allow-list's bounds (the settings schema enforces them). */
export const IMAGE_HOSTS_MAX = 20;
export const IMAGE_HOST_MAX_LENGTH = 253;

/**
 * `url` as the site may render it, or null (render the record's placeholder instead): a
 * `/files/…` path (with or without a query), the same path made absolute on `origin` (the page head's share URLs), or an
 * http(s) URL whose host is on `allowedHosts` (exact, lower-case hostnames). Anything else (other
 * hosts, other schemes, protocol-relative or malformed addresses) is null.
 */
export function allowedImageSrc(url: string | null | undefined, allowedHosts: readonly string[], origin?: string): string | null {
  const value = url?.trim();
  if (!value) return null;
  // The site's files may carry a query (a signed link, a resized width).
  if (value.startsWith("/files/")) return isFilesPath(value.split("?")[0]!) ? value : null;
  if (!isHttpUrl(value)) return null;
  const parsed = new URL(value);
  if (origin && parsed.origin === origin && isFilesPath(parsed.pathname)) return value;
  return allowedHosts.includes(parsed.hostname.toLowerCase()) ? value : null;
}
