import { createMiddleware } from "hono/factory";
import { findActiveSession } from "../db/queries/sessions";
import { BOOKMARK_HEADER, honourClientBookmark, primaryDatabase } from "../db/session";
import type { Role } from "../db/schema";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "../lib/tokens";
import { isModeratorLevel } from "@shared/roles";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The token of `Authorization: Bearer <token>` (one token, the scheme in any case), else undefined. */
export const bearer = (header: string | null | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/**
 * An Authorization header that is not `Bearer <token>` (`Basic …`, `Token …`, a bare `Bearer`,
 * two tokens). Refused with 401 on every path before anything else (worker/index.ts): such a
 * request would skip the edge cache like a member's and read D1 as a guest (ADR 0047).
 */
export function malformedAuthorization(request: Request): boolean {
  const header = request.headers.get("Authorization");
  return header !== null && bearer(header) === undefined;
}

export const MALFORMED_AUTHORIZATION = "Send your access token as Authorization: Bearer <token>; nothing else is accepted.";

/**
 * Reads the bearer token, if any, and sets `c.var.user` when it names a live session.
 * A token that is present but invalid, expired, revoked or rotated is answered 401 at once,
 * so the SPA clears its stored session. POST /api/auth/refresh and /api/auth/logout check their
 * token themselves (they accept one that expired while the tab slept), so they are passed through
 * untouched here. A write's check reads D1's primary: a revoked session or a removed role holds at
 * once, whatever replica or bookmark the rest of the request could read (worker/db/session.ts).
 * A read whose token verifies is raised to the client's bookmark before its session check, so a
 * member's first read after signing in finds their new session on any replica.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header("Authorization"));
  const checksItsOwnToken = c.req.method === "POST" && (c.req.path === "/api/auth/refresh" || c.req.path === "/api/auth/logout");
  if (token && !checksItsOwnToken) {
    const claims = await verifyAccessToken(c.env, token);
    // Only a token we signed earns the client's bookmark (a write reads the primary regardless).
    if (claims && READS.has(c.req.method)) honourClientBookmark(c.env.DB, c.req.header(BOOKMARK_HEADER));
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
