/**
 * Account mail: the texts of every message the accounts send (verification, password reset,
 * password changed, unlock), and the helpers that write them to the outbox and announce them to
 * the mail queue (worker/jobs/mail.ts sends, retries and gives up visibly).
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createVerification, VERIFICATION_TTL_HOURS } from "../db/queries/mail";
import { createPasswordReset, RESET_TTL_MINUTES } from "../db/queries/password-reset";
import { takeFromBudgets, type Budget } from "../db/queries/rate-counters";
import { getSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { announceMailSoon } from "../jobs/mail";
import { ApiError } from "./errors";

type Mail = { subject: string; body: string };

/** Verification mail: one a minute and five a day per account, whatever the address asking. */
export const verificationBudgets = (userId: number): Budget[] => [
  { key: `verify-mail:minute:${userId}`, limit: 1, windowSeconds: 60 },
  { key: `verify-mail:day:${userId}`, limit: 5, windowSeconds: 24 * 60 * 60 },
];
/** Reset requests per network (IPv4 address or IPv6 /64): ten an hour, then 429. */
export const resetRequestBudget = (network: string): Budget => ({ key: `reset-request:${network}`, limit: 10, windowSeconds: 60 * 60 });
/** Reset mail per address: three an hour (the request's answer stays the same; no more mail goes). */
export const resetMailBudget = (accountKey: string): Budget => ({ key: `reset-mail:${accountKey}`, limit: 3, windowSeconds: 60 * 60 });

export const RESEND_TOO_SOON = "You can ask for a new link once a minute. Please wait a moment and try again.";
export const RESEND_DAILY_LIMIT = "You asked for 5 links today. Please use the newest one, or try again tomorrow.";

/** Takes from the account's verification mail budget: 429 with the matching text when it is spent. */
export async function takeVerificationBudget(c: Context<AppEnv>, userId: number): Promise<void> {
  const taken = await takeFromBudgets(c.get("db"), verificationBudgets(userId));
  if (taken.ok) return;
  throw new ApiError(429, taken.refusedBy?.windowSeconds === 60 ? RESEND_TOO_SOON : RESEND_DAILY_LIMIT, {
    headers: { "Retry-After": String(taken.retryAfter) },
  });
}

/** The request's ExecutionContext, when there is one (tests calling the app directly may have none). */
export const executionCtx = (c: Context<AppEnv>) => {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
};

/**
 * Runs `work` after the answer has gone (ctx.waitUntil), so the answer's content and timing do
 * not depend on it; without an execution context it runs before answering. Failures are logged.
 */
export async function afterResponse(c: Context<AppEnv>, where: string, work: () => Promise<unknown>): Promise<void> {
  const job = work().catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", where, requestId: c.get("requestId"), error: String(err) })),
  );
  const ctx = executionCtx(c);
  if (ctx) ctx.waitUntil(job);
  else await job;
}

const link = (c: Context<AppEnv>, path: string, token: string) =>
  new URL(`${path}?token=${encodeURIComponent(token)}`, c.env.SITE_URL).href;

export const verificationMail = (siteName: string, email: string, url: string): Mail => ({
  subject: `Confirm your e-mail address for ${siteName}`,
  body:
    `Welcome to ${siteName}!\n\nConfirm that ${email} is your address by opening this link within ${VERIFICATION_TTL_HOURS} hours:\n\n${url}\n\n` +
    "The link works once. If you did not create an account, ignore this message.",
});

export const resetMail = (siteName: string, email: string, url: string): Mail => ({
  subject: `Reset your ${siteName} password`,
  body:
    `Someone asked to reset the password of the ${siteName} account ${email}.\n\n` +
    `To choose a new password, open this link within ${RESET_TTL_MINUTES} minutes:\n\n${url}\n\n` +
    "The link works once, and asking for another one ends it. If you did not ask, ignore this message: your password stays as it is.",
});

export const passwordChangedMail = (siteName: string, how: "changed" | "reset"): Mail => ({
  subject: `Your ${siteName} password was changed`,
  body:
    how === "changed"
      ? `The password of your ${siteName} account was just changed, and every other device was signed out.\n\n` +
        "If you did not do this, reset your password at once or contact an administrator."
      : `The password of your ${siteName} account was just reset with a link sent to this address, and every device was signed out.\n\n` +
        "If you did not do this, reset your password again at once and contact an administrator.",
});

export const unlockMail = (siteName: string, email: string, network: string, until: string, url: string): Mail => ({
  subject: `Sign-in to your ${siteName} account was locked on one network`,
  body:
    `There were 5 wrong passwords for the ${siteName} account ${email} from the network ${network}, so sign-in from that network is locked until ${until.slice(11, 16)} UTC (15 minutes).\n\n` +
    "Signing in from any other network works as usual.\n\n" +
    `If it was you, you can lift the lock at once with this link (it works once):\n\n${url}\n\n` +
    "If it was not you, ignore this message: nobody got in, and the lock ends by itself. Consider a longer password.",
});

/**
 * Creates a verification link for the user, writes its mail (with `extra` statements in the same
 * batch) and tells the mail sender.
 */
export async function sendVerificationMail(c: Context<AppEnv>, user: { id: number; email: string }, extra: BatchItem<"sqlite">[] = []): Promise<void> {
  const db = c.get("db");
  const { siteName } = await getSettings(db);
  const outboxId = await createVerification(db, user, (token) => verificationMail(siteName, user.email, link(c, "/verify-email", token)), extra);
  await announceMailSoon(c.env, executionCtx(c), [outboxId]);
}

/** Creates a password reset link for the user, writes its mail (and `extra`) and tells the mail sender. */
export async function sendPasswordResetMail(c: Context<AppEnv>, user: { id: number; email: string }, extra: BatchItem<"sqlite">[] = []): Promise<void> {
  const db = c.get("db");
  const { siteName } = await getSettings(db);
  const outboxId = await createPasswordReset(db, user, (token) => resetMail(siteName, user.email, link(c, "/reset-password", token)), extra);
  await announceMailSoon(c.env, executionCtx(c), [outboxId]);
}

/** The absolute URL of an unlock link. */
export const unlockUrl = (c: Context<AppEnv>, token: string) => link(c, "/unlock", token);
