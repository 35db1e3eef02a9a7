import { Hono } from "hono";
import type { Context } from "hono";
import {
  changePassword,
  createAccount,
  findUserByEmail,
  findUserById,
  getUserDto,
  recordSuccessfulLogin,
  cancelLoginAttempt,
  reserveLoginAttempt,
  updateProfile,
} from "../db/queries/users";
import { refreshSession, revokeSession, type SessionMeta } from "../db/queries/sessions";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { isModeratorLevel } from "@shared/roles";
import { ApiError, badRequest, conflict, forbidden, unauthorized } from "../lib/errors";
import { loginUrl, logoutUrl, secureSsoPayload } from "../lib/fastcomments";
import { hashPassword, verifyPassword } from "../lib/password";
import { SESSION_IDLE_SECONDS, signAccessToken, verifyAccessToken } from "../lib/tokens";
import { bearer, requireAuth } from "../middleware/auth";
import { maintenanceError } from "../middleware/maintenance";
import { accountRateLimit, authRateLimit, clientIp } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { changePasswordSchema, loginSchema, profileSchema, registerSchema, verifyEmailSchema } from "../schemas/auth";
import { createVerification, useVerification, VERIFICATION_TTL_HOURS, type VerificationOutcome } from "../db/queries/mail";
import { announceMailSoon } from "../jobs/mail";
import { toPublicSettings } from "../schemas/settings";
import type { LoginResponse } from "../schemas/user";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const LOCKED_MESSAGE =
  "Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.";
export const INACTIVE_MESSAGE = "This account has been deactivated. Please contact an administrator.";
export const REGISTRATION_CLOSED = "Registration is currently disabled.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const COMMENTS_DISABLED = "Comments are turned off on this site.";
export const ALREADY_CONFIRMED = "Your e-mail address is already confirmed.";
export const VERIFICATION_MESSAGES: Record<Exclude<VerificationOutcome, "confirmed">, string> = {
  invalid: "This verification link is not valid. Ask for a new one from your profile or the verification page.",
  expired: "This verification link has expired. Ask for a new one.",
  used: "This verification link was already used (or replaced by a newer one).",
};

/** The request's ExecutionContext, when there is one (tests calling the app directly may have none). */
const executionCtx = (c: Context<AppEnv>) => {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
};

/** Creates a verification link for the user, mails it and tells the mail sender. */
async function sendVerification(c: Context<AppEnv>, user: { id: number; email: string }) {
  const db = c.get("db");
  const { siteName } = await getSettings(db);
  const outboxId = await createVerification(db, user, (token) => {
    const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, c.env.SITE_URL).href;
    return {
      subject: `Confirm your e-mail address for ${siteName}`,
      body:
        `Welcome to ${siteName}!\n\nConfirm your e-mail address by opening this link within ${VERIFICATION_TTL_HOURS} hours:\n\n${link}\n\n` +
        "The link works once. If you did not create an account, ignore this message.",
    };
  });
  await announceMailSoon(c.env, executionCtx(c), [outboxId]);
}

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
    if (!(await getSettings(db)).enableRegistration) throw forbidden(REGISTRATION_CLOSED, "registration_disabled");
    if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const created = await createAccount(
      db,
      { email: input.email, passwordHash: await hashPassword(input.password), firstName: input.firstName, lastName: input.lastName },
      sessionMeta(c),
    );
    if (!created) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    await sendVerification(c, created.user);
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
    // During maintenance only moderators and admins may start a session.
    const settings = await getSettings(db);
    if (settings.maintenanceMode && !isModeratorLevel(roles)) {
      await cancelLoginAttempt(db, user.id, attempt);
      throw maintenanceError(toPublicSettings(settings).maintenanceMessage);
    }
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
    const { siteName } = await getSettings(db);
    const outboxId = await changePassword(
      db,
      { id: me.id, email: found.user.email },
      me.sessionId,
      await hashPassword(newPassword),
      attempt,
      siteName,
    );
    await announceMailSoon(c.env, executionCtx(c), [outboxId]);
    return c.body(null, 204);
  })
  // Confirms an e-mail address with the single-use token from the link (24 hours).
  .post("/verify-email", authRateLimit, validate("json", verifyEmailSchema), async (c) => {
    const result = await useVerification(c.get("db"), c.req.valid("json").token);
    if (result.outcome !== "confirmed") {
      throw new ApiError(400, VERIFICATION_MESSAGES[result.outcome], { code: "verification_failed" });
    }
    return c.json({ emailConfirmed: true as const }, 200);
  })
  // A new link for the signed-in user (earlier links stop working).
  .post("/resend-verification", authRateLimit, requireAuth, async (c) => {
    const found = await findUserById(c.get("db"), principal(c).id);
    if (!found) throw unauthorized();
    if (found.user.emailConfirmed) throw conflict(ALREADY_CONFIRMED);
    await sendVerification(c, found.user);
    return c.json({ sent: true as const }, 202);
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
    const db = c.get("db");
    const settings = await getSettings(db);
    if (!settings.enableComments) throw forbidden(COMMENTS_DISABLED, "comments_disabled");
    const me = c.get("user");
    const user = me ? await getUserDto(db, me.id) : null;
    const anonymous = { ...widget, loginURL: loginUrl(c.env.SITE_URL), logoutURL: logoutUrl(c.env.SITE_URL) };
    if (!user) return c.json(anonymous, 200);
    // New accounts comment only once they confirmed their address: until then no sign-on.
    if (settings.requireEmailVerification && !user.emailConfirmed) {
      return c.json({ ...anonymous, emailVerificationRequired: true as const }, 200);
    }
    return c.json({ ...widget, ...(await secureSsoPayload(c.env, user)) }, 200);
  });
