import { Hono } from "hono";
import type { Context } from "hono";
import { deleteAccount, exportRows, listActiveSessions, memberStats, revokeOtherSessions, revokeOwnSession } from "../db/queries/account";
import { takeFromBudget } from "../db/queries/rate-counters";
import { accountKeyOf } from "../db/queries/sign-in";
import { displayNameOf, findUserById, passwordCheckBudget, toUserDto } from "../db/queries/users";
import type { AppEnv } from "../env";
import { ApiError, badRequest, conflict, notFound, unauthorized } from "../lib/errors";
import { verifyPassword } from "../lib/password";
import { describeUserAgent } from "../lib/user-agent";
import { requireAuth } from "../middleware/auth";
import { accountRateLimit, authRateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";
import { deleteAccountSchema, isSessionId, type AccountExport, type AccountStats, type SessionList } from "../../shared/schemas/account";

export const WRONG_PASSWORD = "Your password is incorrect.";
export const LAST_ADMIN_DELETE = "The site needs at least one active administrator: make someone else an administrator first.";
export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Please try again in 15 minutes.";

/** The signed-in principal; only called after requireAuth. */
const principal = (c: Context<AppEnv>) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
};

/**
 * The signed-in member's own account: active sessions (sign out one or all the others), their
 * community statistics, a download of their data, and deleting the account. Signed-in only;
 * never cached.
 */
export const accountRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .get("/sessions", validate("query", emptyQuerySchema), async (c) => {
    const me = principal(c);
    const rows = await listActiveSessions(c.get("db"), me.id);
    const items = rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === me.sessionId,
    }));
    return c.json({ items } satisfies SessionList, 200);
  })
  // Signs out everywhere but here.
  .post("/sessions/sign-out-others", async (c) => {
    const me = principal(c);
    const signedOut = await revokeOtherSessions(c.get("db"), me.id, me.sessionId);
    return c.json({ signedOut }, 200);
  })
  // Signs out one session of the member's (this one too, if asked); another member's is 404.
  .delete("/sessions/:id", async (c) => {
    const id = c.req.param("id");
    if (!isSessionId(id) || !(await revokeOwnSession(c.get("db"), principal(c).id, id))) throw notFound("Session");
    return c.body(null, 204);
  })
  // The profile's community statistics (one D1 round trip).
  .get("/stats", validate("query", emptyQuerySchema), async (c) => {
    const stats = await memberStats(c.get("db"), principal(c).id);
    if (!stats) throw unauthorized();
    return c.json(stats satisfies AccountStats, 200);
  })
  .get("/export", validate("query", emptyQuerySchema), async (c) => {
    const me = principal(c);
    const db = c.get("db");
    const found = await findUserById(db, me.id);
    if (!found) throw unauthorized();
    const rows = await exportRows(db, me.id);
    const body: AccountExport = {
      exportedAt: new Date().toISOString(),
      profile: toUserDto(found.user, found.roles),
      sessions: rows.sessions,
      auditLog: rows.auditLog.map((row) => ({ ...row, details: parseDetails(row.details) })),
    };
    c.header("Content-Disposition", `attachment; filename="realm-codex-account-${me.id}.json"`);
    return c.json(body, 200);
  })
  // Deletes the account after the password is confirmed (the change-password budget applies).
  .post("/delete", authRateLimit, validate("json", deleteAccountSchema), async (c) => {
    const me = principal(c);
    await accountRateLimit(c, `user:${me.id}`);
    const db = c.get("db");
    const found = await findUserById(db, me.id);
    if (!found) throw unauthorized();
    const budget = await takeFromBudget(db, passwordCheckBudget(me.id));
    if (!budget.ok) throw new ApiError(429, TOO_MANY_PASSWORD_CHECKS, { headers: { "Retry-After": String(budget.retryAfter) } });
    if (!(await verifyPassword(c.req.valid("json").password, found.user.passwordHash))) {
      throw badRequest(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
    }
    const deleted = await deleteAccount(db, me.id, {
      id: me.id,
      email: found.user.email,
      accountKey: await accountKeyOf(found.user.email),
      displayName: displayNameOf(found.user),
    });
    if (!deleted) throw conflict(LAST_ADMIN_DELETE);
    return c.body(null, 204);
  });

/** An audit row's stored JSON as a value (the text itself when it does not parse). */
function parseDetails(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
