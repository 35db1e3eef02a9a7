/**
 * The query string of a page opened from a mailed link (/verify-email, /reset-password, /unlock):
 * its `token` only, so a link's other parameters neither reach the page nor make it a cache entry
 * of its own (ADR 0047).
 */
export function tokenSearch(params: URLSearchParams): URLSearchParams | string {
  const token = params.get("token");
  return token ? new URLSearchParams({ token }) : "";
}
