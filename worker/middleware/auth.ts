import { createMiddleware } from "hono/factory";
import { findActiveSession } from "../db/queries/sessions";
import { primaryDatabase } from "../db/session";
import type { Role } from "../db/schema";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "../lib/tokens";
import { isModeratorLevel } from "@shared/roles";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export const bearer = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/**
 * Reads the bearer token, if any, and sets `c.var.user` when it names a live session.
 * A token that is present but invalid, expired, revoked or rotated is answered 401 at once,
 * so the SPA clears its stored session. POST /api/auth/refresh and /api/auth/logout check their
 * token themselves (they accept one that expired while the tab slept), so they are passed through
 * untouched here. A write's check reads D1's primary: a revoked session or a removed role holds at
 * once, whatever replica or bookmark the rest of the request could read (worker/db/session.ts).
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header("Authorization"));
  const checksItsOwnToken = c.req.method === "POST" && (c.req.path === "/api/auth/refresh" || c.req.path === "/api/auth/logout");
  if (token && !checksItsOwnToken) {
    const claims = await verifyAccessToken(c.env, token);
    const db = READS.has(c.req.method) ? c.get("db") : primaryDatabase(c.env.DB).db;
    const principal = claims && (await findActiveSession(db, claims.sessionId, claims.generation, claims.userId));
    if (!principal) throw unauthorized("Your session has expired. Please sign in again.");
    c.set("user", { id: principal.userId, email: principal.email, roles: principal.roles, sessionId: principal.sessionId });
  }
  await next();
});

/** 401 unless signed in. Use after `authenticate`. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
});

/** 401 for guests, 403 unless the user holds one of the roles. */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw unauthorized();
    if (!user.roles.some((r) => (roles as string[]).includes(r))) {
      throw forbidden(
        roles.includes("Moderator")
          ? "You need moderator privileges to do this."
          : "You need administrator privileges to do this.",
      );
    }
    await next();
  });

/** Moderator-level access: Moderator or Admin. */
export const requireModerator = requireRole("Moderator", "Admin");
export const requireAdmin = requireRole("Admin");

/** True when the request comes from a moderator or admin (for reads that show drafts). */
export const isModerator = (user: AppEnv["Variables"]["user"]) => isModeratorLevel(user?.roles);
