import { Hono } from "hono";
import type { Context } from "hono";
import { changePassword, createAccount, findUserByEmail, findUserById, getUserDto, passwordCheckBudget, updateProfile } from "../db/queries/users";
import { endSession, refreshSession, SESSION_IDLE_SECONDS } from "../db/queries/sessions";
import { getSettings } from "../db/queries/settings";
import { useVerification, type VerificationOutcome } from "../db/queries/mail";
import { resetLinkState, usePasswordReset, type ResetLinkState } from "../db/queries/password-reset";
import { takeFromBudget } from "../db/queries/rate-counters";
import { accountKeyOf, useUnlockToken, type UnlockOutcome } from "../db/queries/sign-in";
import type { AppEnv } from "../env";
import {
  afterResponse,
  executionCtx,
  passwordChangedMail,
  requireMailBudget,
  resetRequestBudget,
  sendPasswordResetMail,
  sendRegistrationMail,
  sendVerificationMail,
  takeMailBudget,
  verificationRefusal,
} from "../lib/account-mail";
import { ApiError, badRequest, conflict, forbidden, unauthorized } from "../lib/errors";
import { loginUrl, logoutUrl, secureSsoPayload } from "../lib/fastcomments";
import { hashPassword, verifyPassword } from "../lib/password";
import { passwordSignIn, requestNetwork } from "../lib/sign-in";
import { signAccessToken, verifyAccessToken } from "../lib/tokens";
import { bearer, requireAuth } from "../middleware/auth";
import { announceMailSoon } from "../jobs/mail";
import { accountRateLimit, authRateLimit } from "../middleware/rate-limit";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  REGISTERED,
  registerSchema,
  RESET_REQUESTED,
  resetLinkSchema,
  resetPasswordSchema,
  unlockSchema,
  verifyEmailSchema,
} from "../../shared/schemas/auth";
import type { LoginResponse, RegisterResponse } from "../../shared/schemas/user";

export const REGISTRATION_CLOSED = "Registration is currently disabled.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Please try again in 15 minutes.";
export const COMMENTS_DISABLED = "Comments are turned off on this site.";
export const ALREADY_CONFIRMED = "Your e-mail address is already confirmed.";
export const VERIFICATION_MESSAGES: Record<Exclude<VerificationOutcome, "confirmed">, string> = {
  invalid: "This verification link is not valid. Ask for a new one from your profile or the verification page.",
  expired: "This verification link has expired. Ask for a new one.",
  used: "This verification link was already used (or replaced by a newer one).",
};
export const RESET_LINK_MESSAGES: Record<Exclude<ResetLinkState, "valid">, string> = {
  invalid: "This password reset link is not valid. Ask for a new one.",
  expired: "This password reset link has expired (links work for one hour). Ask for a new one.",
  used: "This password reset link was already used, or a newer one replaced it. Ask for a new one.",
};
export const UNLOCK_MESSAGES: Record<Exclude<UnlockOutcome, "unlocked">, string> = {
  invalid: "This unlock link is not valid, or it was already used.",
  expired: "This lock is already over: you can sign in again.",
};

const tooMany = (message: string, retryAfter: number) =>
  new ApiError(429, message, { headers: { "Retry-After": String(retryAfter) } });

/** The error a reset link in this state answers: 404 when unknown or forged, 400 when expired or used. */
const resetLinkError = (state: Exclude<ResetLinkState, "valid">) =>
  state === "invalid"
    ? new ApiError(404, RESET_LINK_MESSAGES.invalid)
    : new ApiError(400, RESET_LINK_MESSAGES[state], { code: state === "expired" ? "link_expired" : "link_used" });

/** The signed-in principal; only called after requireAuth. */
const principal = (c: Context<AppEnv>) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
};

/**
 * Accounts: sign-in, registration, the session's own user, password change and reset, e-mail
 * verification, unlock links and comment-widget SSO.
 */
export const authRoutes = new Hono<AppEnv>()
  // Answers carry tokens and personal data: never stored by a cache.
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  // The same answer (202 { message }) and the same work before it (one password hash, one insert
  // batch, one write to the address's mail budget, so the answer's D1 bookmark moves alike)
  // whether or not the address has an account: registering tells nobody whether it has one. A
  // new address gets its account and, after the answer, a verification link; the owner of a
  // taken one gets a notice instead; each within the address's mail budget (ADR 0046).
  .post("/register", authRateLimit, validate("json", registerSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    if (!(await getSettings(db)).enableRegistration) throw forbidden(REGISTRATION_CLOSED, "registration_disabled");
    const passwordHash = await hashPassword(input.password);
    // Null when the address is taken (the users.email unique index refuses the insert).
    const created = await createAccount(db, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName }, requestNetwork(c));
    const budget = await takeMailBudget(c, created ? "verification" : "signup-notice", input.email);
    if (budget.ok) await afterResponse(c, "registration-mail", () => sendRegistrationMail(c, input.email, created));
    return c.json({ message: REGISTERED } satisfies RegisterResponse, 202);
  })
  .post("/login", authRateLimit, validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json((await passwordSignIn(c, email, password)) satisfies LoginResponse, 200);
  })
  .get("/me", requireAuth, validate("query", emptyQuerySchema), async (c) => {
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
    // Its own limit (not sign-in's per-network locks): 5 wrong current passwords in 15 minutes,
    // reserved before the hash is checked so parallel requests cannot overspend.
    const budget = await takeFromBudget(db, passwordCheckBudget(me.id));
    if (!budget.ok) throw tooMany(TOO_MANY_PASSWORD_CHECKS, budget.retryAfter);
    // 400, not 401: a wrong current password must not sign the user out of this session.
    if (!(await verifyPassword(currentPassword, found.user.passwordHash))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
    }
    const { siteName } = await getSettings(db);
    const outboxId = await changePassword(
      db,
      { id: me.id, email: found.user.email },
      me.sessionId,
      await hashPassword(newPassword),
      passwordChangedMail(siteName, found.user.email, "changed"),
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
  // A new link for the signed-in user (earlier links stop working): 1 a minute, 5 a day per address.
  .post("/resend-verification", authRateLimit, requireAuth, async (c) => {
    const found = await findUserById(c.get("db"), principal(c).id);
    if (!found) throw unauthorized();
    if (found.user.emailConfirmed) throw conflict(ALREADY_CONFIRMED);
    await requireMailBudget(c, "verification", found.user.email, verificationRefusal);
    await sendVerificationMail(c, found.user);
    return c.json({ sent: true as const }, 202);
  })
  // Always the same answer; the account is looked up and mailed after it has gone.
  .post("/forgot-password", authRateLimit, validate("json", forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.get("db");
    const perNetwork = await takeFromBudget(db, resetRequestBudget(requestNetwork(c)));
    if (!perNetwork.ok) throw tooMany("Too many password reset requests from your network. Please try again later.", perNetwork.retryAfter);
    await afterResponse(c, "password-reset-request", async () => {
      const found = await findUserByEmail(db, email);
      if (!found || !found.user.isActive) return;
      if (!(await takeMailBudget(c, "reset", email)).ok) return;
      await sendPasswordResetMail(c, found.user);
    });
    return c.json({ message: RESET_REQUESTED }, 202);
  })
  // Whether a reset link still works (the page asks before showing its form; nothing is spent).
  .post("/reset-password/check", authRateLimit, validate("json", resetLinkSchema), async (c) => {
    const { state, email } = await resetLinkState(c.get("db"), c.req.valid("json").token);
    if (state !== "valid") throw resetLinkError(state);
    return c.json({ email: email! }, 200);
  })
  .post("/reset-password", authRateLimit, validate("json", resetPasswordSchema), async (c) => {
    const { token, newPassword } = c.req.valid("json");
    const db = c.get("db");
    const before = await resetLinkState(db, token);
    if (before.state !== "valid") throw resetLinkError(before.state);
    const { siteName } = await getSettings(db);
    const result = await usePasswordReset(db, token, await hashPassword(newPassword), {
      network: requestNetwork(c),
      accountKeyOf,
      notice: passwordChangedMail(siteName, before.email!, "reset"),
    });
    if (result.state !== "changed") throw resetLinkError(result.state);
    await announceMailSoon(c.env, executionCtx(c), [result.outboxId]);
    return c.body(null, 204);
  })
  // The lock mail's single-use link: lifts that network's lock on the account.
  .post("/unlock", authRateLimit, validate("json", unlockSchema), async (c) => {
    const outcome = await useUnlockToken(c.get("db"), c.req.valid("json").token);
    if (outcome === "invalid") throw new ApiError(404, UNLOCK_MESSAGES.invalid);
    if (outcome === "expired") throw new ApiError(400, UNLOCK_MESSAGES.expired, { code: "link_expired" });
    return c.json({ unlocked: true as const }, 200);
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
  // Like refresh, logout reads its own token and accepts one that expired (within the idle
  // limit), so a tab that slept past its token's hour still ends its session on the server.
  .post("/logout", async (c) => {
    const token = bearer(c.req.header("Authorization"));
    const claims = token ? await verifyAccessToken(c.env, token, { acceptExpiredFor: SESSION_IDLE_SECONDS }) : null;
    if (!claims || !(await endSession(c.get("db"), claims.sessionId, claims.userId))) throw unauthorized();
    return c.body(null, 204);
  })
  .get("/fastcomments-sso", validate("query", emptyQuerySchema), async (c) => {
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
