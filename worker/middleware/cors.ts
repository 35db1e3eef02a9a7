import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/**
 * CORS for community tools (docs/api-access.md): any site may read the public API from a
 * browser, without credentials.
 * - A GET or HEAD without Authorization (a guest read) answers `Access-Control-Allow-Origin: *`.
 *   A route that needs a session answers such a read 401 as usual, so nothing private is shared.
 * - A preflight is accepted only for GET or HEAD with the headers a conditional read needs. A
 *   preflight for a write, for Authorization, or for anything under /api/auth is refused with 403
 *   and no CORS headers, so a browser never sends a cross-origin write or a member's token.
 * - Writes and /api/auth/* never carry CORS headers.
 */
const READ_METHODS = new Set(["GET", "HEAD"]);
/** Request headers a cross-origin reader may send besides the CORS-safelisted ones. */
const ALLOWED_REQUEST_HEADERS = ["if-none-match"];
/** Response headers a cross-origin reader may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = "ETag, X-Request-Id";
/** How long a browser may reuse an accepted preflight, in seconds. */
const PREFLIGHT_MAX_AGE = 86_400;

export const CORS_REFUSED = "Cross-origin requests may only read public data, without credentials.";

const isAuthPath = (path: string) => path === "/api/auth" || path.startsWith("/api/auth/");

export const publicCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path;
  const preflightMethod = c.req.method === "OPTIONS" ? c.req.header("Access-Control-Request-Method") : undefined;
  if (preflightMethod !== undefined) {
    const requested = (c.req.header("Access-Control-Request-Headers") ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const readable =
      !isAuthPath(path) && READ_METHODS.has(preflightMethod.toUpperCase()) && requested.every((h) => ALLOWED_REQUEST_HEADERS.includes(h));
    if (!readable) throw new ApiError(403, CORS_REFUSED);
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, HEAD",
      "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS.join(", "),
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE),
    });
  }
  await next();
  if (READ_METHODS.has(c.req.method) && !isAuthPath(path) && !c.req.header("Authorization")) {
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  }
};
