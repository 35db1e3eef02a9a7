import { Hono } from "hono";
import type { Context } from "hono";
import {
  changePassword,
  createAccount,
  findUserByEmail,
  findUserById,
  getUserDto,
  recordSuccessfulLogin,
  registrationEnabled,
  reserveLoginAttempt,
  updateProfile,
} from "../db/queries/users";
import { refreshSession, revokeSession, type SessionMeta } from "../db/queries/sessions";
import type { AppEnv } from "../env";
import { ApiError, badRequest, conflict, forbidden, unauthorized } from "../lib/errors";
import { loginUrl, logoutUrl, secureSsoPayload } from "../lib/fastcomments";
import { hashPassword, verifyPassword } from "../lib/password";
import { SESSION_IDLE_SECONDS, signAccessToken, verifyAccessToken } from "../lib/tokens";
import { bearer, requireAuth } from "../middleware/auth";
import { accountRateLimit, authRateLimit, clientIp } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { changePasswordSchema, loginSchema, profileSchema, registerSchema } from "../schemas/auth";
import type { LoginResponse } from "../schemas/user";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const LOCKED_MESSAGE =
  "Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.";
export const INACTIVE_MESSAGE = "This account has been deactivated. Please contact an administrator.";
export const REGISTRATION_CLOSED = "Registration is currently disabled.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";

/** A well-formed hash of a random password, so unknown emails cost as much as wrong passwords. */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

const sessionMeta = (c: Context<AppEnv>): SessionMeta => ({
  userAgent: c.req.header("User-Agent") ?? null,
  ipAddress: clientIp(c.req.header("CF-Connecting-IP")),
});

/** The signed-in principal; only called after requireAuth. */
const principal = (c: Context<AppEnv>) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
};

/** Accounts: sign-in, registration, the session's own user, password and comment-widget SSO. */
export const authRoutes = new Hono<AppEnv>()
  // Answers carry tokens and personal data: never stored by a cache.
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .post("/register", authRateLimit, validate("json", registerSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    if (!(await registrationEnabled(db))) throw forbidden(REGISTRATION_CLOSED, "registration_disabled");
    if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const created = await createAccount(
      db,
      { email: input.email, passwordHash: await hashPassword(input.password), firstName: input.firstName, lastName: input.lastName },
      sessionMeta(c),
    );
    if (!created) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const token = await signAccessToken(c.env, { userId: created.user.id, sessionId: created.session.id, generation: 1 });
    return c.json({ token, user: created.user } satisfies LoginResponse, 201);
  })
  .post("/login", authRateLimit, validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await accountRateLimit(c, email);
    const db = c.get("db");
    const found = await findUserByEmail(db, email);
    if (!found) {
      await verifyPassword(password, await timingDummy());
      throw unauthorized(INVALID_CREDENTIALS, "invalid_credentials");
    }
    const { user, roles } = found;
    // The attempt is reserved (and counted) before the hash is checked; while locked, even the
    // right password is refused without being checked.
    const attempt = await reserveLoginAttempt(db, user.id);
    if (!attempt) throw new ApiError(423, LOCKED_MESSAGE);
    if (!(await verifyPassword(password, user.passwordHash))) {
      if (attempt.locksAccount) throw new ApiError(423, LOCKED_MESSAGE);
      throw unauthorized(INVALID_CREDENTIALS, "invalid_credentials");
    }
    if (!user.isActive) throw forbidden(INACTIVE_MESSAGE, "account_inactive");
    const signedIn = await recordSuccessfulLogin(db, user, roles, sessionMeta(c), attempt);
    const token = await signAccessToken(c.env, { userId: user.id, sessionId: signedIn.session.id, generation: 1 });
    return c.json({ token, user: signedIn.user } satisfies LoginResponse, 200);
  })
  .get("/me", requireAuth, async (c) => {
    const user = await getUserDto(c.get("db"), principal(c).id);
    if (!user) throw unauthorized();
    return c.json({ user }, 200);
  })
  .put("/profile", requireAuth, validate("json", profileSchema), async (c) => {
    const user = await updateProfile(c.get("db"), principal(c).id, c.req.valid("json"));
    if (!user) throw unauthorized();
    return c.json({ user }, 200);
  })
  .post("/change-password", authRateLimit, requireAuth, validate("json", changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const me = principal(c);
    await accountRateLimit(c, `user:${me.id}`);
    const db = c.get("db");
    const found = await findUserById(db, me.id);
    if (!found) throw unauthorized();
    // A wrong current password counts toward the same lockout as sign-in, so this form is no
    // way around it; while the account is locked nothing is checked.
    const attempt = await reserveLoginAttempt(db, me.id);
    if (!attempt) throw new ApiError(423, LOCKED_MESSAGE);
    // 400, not 401: a wrong current password must not sign the user out of this session.
    if (!(await verifyPassword(currentPassword, found.user.passwordHash))) {
      if (attempt.locksAccount) throw new ApiError(423, LOCKED_MESSAGE);
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
    }
    await changePassword(db, { id: me.id, email: found.user.email }, me.sessionId, await hashPassword(newPassword), attempt);
    return c.body(null, 204);
  })
  .post("/refresh", async (c) => {
    const expired = () => unauthorized("Your session has expired. Please sign in again.");
    const token = bearer(c.req.header("Authorization"));
    if (!token) throw unauthorized();
    const claims = await verifyAccessToken(c.env, token, { acceptExpiredFor: SESSION_IDLE_SECONDS });
    if (!claims) throw expired();
    const db = c.get("db");
    const outcome = await refreshSession(db, claims);
    if (outcome.status === "reused" || outcome.status === "invalid") throw expired();
    const user = await getUserDto(db, claims.userId);
    if (!user) throw expired();
    const fresh = await signAccessToken(c.env, { userId: claims.userId, sessionId: claims.sessionId, generation: outcome.generation });
    return c.json({ token: fresh, user } satisfies LoginResponse, 200);
  })
  .post("/logout", requireAuth, async (c) => {
    await revokeSession(c.get("db"), principal(c).sessionId);
    return c.body(null, 204);
  })
  .get("/fastcomments-sso", async (c) => {
    const widget = {
      tenantId: c.env.FASTCOMMENTS_TENANT_ID,
      region: c.env.FASTCOMMENTS_REGION === "eu" ? ("eu" as const) : null,
    };
    const me = c.get("user");
    const user = me ? await getUserDto(c.get("db"), me.id) : null;
    if (!user) {
      return c.json({ ...widget, loginURL: loginUrl(c.env.SITE_URL), logoutURL: logoutUrl(c.env.SITE_URL) }, 200);
    }
    return c.json({ ...widget, ...(await secureSsoPayload(c.env, user)) }, 200);
  });
