import { createMiddleware } from "hono/factory";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { toPublicSettings } from "../../shared/schemas/settings";
import { isModerator } from "./auth";

/** What a client is told to wait before trying again while the site is in maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * API paths that stay open during maintenance: health, the public settings (the SPA learns of
 * the maintenance there), and the session routes, so moderators and admins can still sign in (and
 * get back in with a password reset or an unlock link). Sign-in itself refuses plain users while
 * maintenance is on (worker/lib/sign-in.ts).
 */
const OPEN_PATHS = new Set([
  "/api/health",
  "/api/settings/public",
  "/api/auth/login",
  "/api/auth/me",
  "/api/auth/logout",
  "/api/auth/refresh",
  "/api/auth/forgot-password",
  "/api/auth/reset-password",
  "/api/auth/reset-password/check",
  "/api/auth/unlock",
]);

export function maintenanceError(message: string): ApiError {
  return new ApiError(503, message, {
    code: "maintenance_mode",
    headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/**
 * While maintenance mode is on, guests and plain users get 503 `maintenance_mode` with the
 * maintenance message; moderators and admins work as usual. Runs after `authenticate`.
 * The settings come from the isolate's short cache: no extra D1 read in the steady state.
 */
export const maintenanceGate = createMiddleware<AppEnv>(async (c, next) => {
  if (!OPEN_PATHS.has(c.req.path) && !isModerator(c.get("user"))) {
    const settings = await getSettings(c.get("db"));
    if (settings.maintenanceMode) throw maintenanceError(toPublicSettings(settings).maintenanceMessage);
  }
  await next();
});
