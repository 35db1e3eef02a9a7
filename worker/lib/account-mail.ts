/**
 * Account mail: the texts of every message the accounts send (verification, password reset,
 * password changed, unlock, the sign-up notice), the budgets per address they draw on, and the
 * helpers that write them to the outbox and announce them to the mail queue (worker/jobs/mail.ts
 * sends, retries and gives up visibly). Stored texts hold LINK_MARK where their link goes; the
 * sender puts the link there (worker/lib/mail-link.ts). The figures and reasons are in
 * docs/decisions/0046-mail-budgets-and-outbox.md.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createVerification, queueMail, VERIFICATION_TTL_HOURS } from "../db/queries/mail";
import { createPasswordReset, RESET_TTL_MINUTES } from "../db/queries/password-reset";
import { takeFromBudgets, type Budget, type BudgetOutcome } from "../db/queries/rate-counters";
import { getSettings } from "../db/queries/settings";
import { findUserByEmail } from "../db/queries/users";
import type { AppEnv } from "../env";
import { announceMailSoon } from "../jobs/mail";
import { ApiError } from "./errors";
import { base64url, derivedKey, type SecretEnv } from "./keys";
import { LINK_MARK, newMailLink } from "./mail-link";
import { paths } from "@shared/paths";

type Mail = { subject: string; body: string };

// ---------------------------------------------------------------------------------------------
// Budgets per address
// ---------------------------------------------------------------------------------------------

/** The account mail that draws on an address's budget (the "password changed" notice does not: the owner caused it). */
export type AccountMailKind = "verification" | "reset" | "unlock" | "signup-notice";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each kind's limits per address, shortest window first. */
export const MAIL_LIMITS: Record<AccountMailKind, readonly Pick<Budget, "limit" | "windowSeconds">[]> = {
  verification: [
    { limit: 1, windowSeconds: MINUTE },
    { limit: 5, windowSeconds: DAY },
  ],
  reset: [{ limit: 3, windowSeconds: HOUR }],
  unlock: [{ limit: 3, windowSeconds: HOUR }],
  // Two windows like verification's: a registration takes as many budgets whichever mail it sends.
  "signup-notice": [
    { limit: 1, windowSeconds: HOUR },
    { limit: 3, windowSeconds: DAY },
  ],
};
/** Reset requests per network (IPv4 address or IPv6 /64): ten an hour, then 429 (whatever the addresses asked for). */
export const resetRequestBudget = (network: string): Budget => ({ key: `reset-request:${network}`, limit: 10, windowSeconds: HOUR });

/** Every kind together, per address and day. */
export const ACCOUNT_MAIL_PER_DAY = 20;

/**
 * The key that names an address in the budgets: an HMAC of the normalised address (as the
 * schemas and `users.email` have it) under a key derived from the server's secret. It stays the
 * same whichever account holds the address, and after that account is deleted; the address
 * itself is never stored with it, and without the secret nobody can tell which address it is.
 */
export const addressKeyOf = async (env: SecretEnv, email: string) =>
  base64url(await crypto.subtle.sign("HMAC", await derivedKey(env.JWT_SECRET, "mail-address"), new TextEncoder().encode(email)));

const TOTAL_PREFIX = "mail:all:";

/** The budgets one mail of `kind` to the address takes from: the kind's own, then the daily total. */
export const mailBudgets = (kind: AccountMailKind, addressKey: string): Budget[] => [
  ...MAIL_LIMITS[kind].map(({ limit, windowSeconds }) => ({ key: `mail:${kind}:${windowSeconds}:${addressKey}`, limit, windowSeconds })),
  { key: `${TOTAL_PREFIX}${DAY}:${addressKey}`, limit: ACCOUNT_MAIL_PER_DAY, windowSeconds: DAY },
];

/** Takes one mail of `kind` from the address's budgets (stopping at the first that is spent). */
export async function takeMailBudget(c: Context<AppEnv>, kind: AccountMailKind, email: string): Promise<BudgetOutcome & { refusedBy?: Budget }> {
  return takeFromBudgets(c.get("db"), mailBudgets(kind, await addressKeyOf(c.env, email)));
}

export const RESEND_TOO_SOON = "You can ask for a new link once a minute. Please wait a moment and try again.";
export const RESEND_DAILY_LIMIT = "You asked for 5 links today. Please use the newest one, or try again tomorrow.";
export const MAIL_DAILY_LIMIT = `This address was sent ${ACCOUNT_MAIL_PER_DAY} account e-mails today, the most it may get in a day. Please try again tomorrow.`;

/** What a refused verification mail answers: which of its limits was reached. */
export const verificationRefusal = (refusedBy: Budget) => (refusedBy.windowSeconds === MINUTE ? RESEND_TOO_SOON : RESEND_DAILY_LIMIT);

/**
 * Takes one mail of `kind` from the address's budgets, for a route that says when it is spent:
 * 429 with Retry-After and `refusal`'s text (or MAIL_DAILY_LIMIT for the daily total).
 */
export async function requireMailBudget(c: Context<AppEnv>, kind: AccountMailKind, email: string, refusal: (refusedBy: Budget) => string): Promise<void> {
  const taken = await takeMailBudget(c, kind, email);
  if (taken.ok) return;
  const by = taken.refusedBy!;
  throw new ApiError(429, by.key.startsWith(TOTAL_PREFIX) ? MAIL_DAILY_LIMIT : refusal(by), {
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

// ---------------------------------------------------------------------------------------------
// Texts (LINK_MARK is where the sender puts the link)
// ---------------------------------------------------------------------------------------------

export const verificationMail = (siteName: string, email: string): Mail => ({
  subject: `Confirm your e-mail address for ${siteName}`,
  body:
    `Welcome to ${siteName}!\n\nConfirm that ${email} is your address by opening this link within ${VERIFICATION_TTL_HOURS} hours:\n\n${LINK_MARK}\n\n` +
    "The link works once. If you did not create an account, ignore this message.",
});

export const resetMail = (siteName: string, email: string): Mail => ({
  subject: `Reset your ${siteName} password`,
  body:
    `Someone asked to reset the password of the ${siteName} account ${email}.\n\n` +
    `To choose a new password, open this link within ${RESET_TTL_MINUTES} minutes:\n\n${LINK_MARK}\n\n` +
    "The link works once, and asking for another one ends it. If you did not ask, ignore this message: your password stays as it is.",
});

export const passwordChangedMail = (siteName: string, email: string, how: "changed" | "reset"): Mail => ({
  subject: `Your ${siteName} password was changed`,
  body:
    how === "changed"
      ? `The password of your ${siteName} account ${email} was just changed, and every other device was signed out.\n\n` +
        "If you did not do this, reset your password at once or contact an administrator."
      : `The password of your ${siteName} account ${email} was just reset with a link sent to this address, and every device was signed out.\n\n` +
        "If you did not do this, reset your password again at once and contact an administrator.",
});

export const unlockMail = (siteName: string, email: string, network: string, until: string): Mail => ({
  subject: `Sign-in to your ${siteName} account was locked on one network`,
  body:
    `There were 5 wrong passwords for the ${siteName} account ${email} from the network ${network}, so sign-in from that network is locked until ${until.slice(11, 16)} UTC (15 minutes).\n\n` +
    "Signing in from any other network works as usual.\n\n" +
    `If it was you, you can lift the lock at once with this link (it works once):\n\n${LINK_MARK}\n\n` +
    "If it was not you, ignore this message: nobody got in, and the lock ends by itself. Consider a longer password.",
});

/** To the owner of an address someone tried to register again; links to the password reset page (no token). */
export const signUpNoticeMail = (siteName: string, email: string, forgotPasswordUrl: string): Mail => ({
  subject: `Someone tried to sign up to ${siteName} with your address`,
  body:
    `Someone tried to create a ${siteName} account with ${email}. This address already has an account, so nothing was created or changed.\n\n` +
    `If it was you, sign in with your password. If you forgot it, you can choose a new one here:\n\n${forgotPasswordUrl}\n\n` +
    "If it was not you, ignore this message: your account is as it was.",
});

// ---------------------------------------------------------------------------------------------
// Writing mail (callers take the budget first)
// ---------------------------------------------------------------------------------------------

/**
 * Creates a verification link for the user, writes its mail (with `extra` statements in the same
 * batch) and tells the mail sender.
 */
export async function sendVerificationMail(c: Context<AppEnv>, user: { id: number; email: string }, extra: BatchItem<"sqlite">[] = []): Promise<void> {
  const db = c.get("db");
  const { siteName } = await getSettings(db);
  const { link, tokenHash } = await newMailLink(c.env, paths.verifyEmail());
  const outboxId = await createVerification(db, user, { toAddress: user.email, ...verificationMail(siteName, user.email), link }, tokenHash, extra);
  await announceMailSoon(c.env, executionCtx(c), [outboxId]);
}

/** Creates a password reset link for the user, writes its mail (and `extra`) and tells the mail sender. */
export async function sendPasswordResetMail(c: Context<AppEnv>, user: { id: number; email: string }, extra: BatchItem<"sqlite">[] = []): Promise<void> {
  const db = c.get("db");
  const { siteName } = await getSettings(db);
  const { link, tokenHash } = await newMailLink(c.env, paths.resetPassword());
  const outboxId = await createPasswordReset(db, user, { toAddress: user.email, ...resetMail(siteName, user.email), link }, tokenHash, extra);
  await announceMailSoon(c.env, executionCtx(c), [outboxId]);
}

/**
 * Registration's mail, after the answer: a verification link for a new account, or the sign-up
 * notice to the owner of an active account that already has the address (nothing for a
 * deactivated one). The route takes the address's budget for it before answering.
 */
export async function sendRegistrationMail(c: Context<AppEnv>, email: string, created: { id: number; email: string } | null): Promise<void> {
  if (created) return sendVerificationMail(c, created);
  const db = c.get("db");
  const found = await findUserByEmail(db, email);
  if (!found?.user.isActive) return;
  const { siteName } = await getSettings(db);
  const id = await queueMail(db, { toAddress: email, ...signUpNoticeMail(siteName, email, new URL(paths.forgotPassword(), c.env.SITE_URL).href) });
  await announceMailSoon(c.env, executionCtx(c), [id]);
}
