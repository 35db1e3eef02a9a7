/**
 * Sign-in with a password (POST /api/auth/login), built so that it cannot be used against a
 * member and tells an outsider nothing (docs/decisions/0023-sign-in-locks.md):
 *
 * - wrong passwords lock one network (an IPv4 address or an IPv6 /64) out of one account; the
 *   owner signing in from anywhere else is not locked out;
 * - a slower per-account brake makes guessing spread over many networks slow;
 * - an address without an account, a wrong password and an account locked from another network
 *   answer alike (401, the same text), and every branch runs the same D1 statements and one
 *   PBKDF2 derivation, so the time is the same too; the 423 appears for unknown addresses as well
 *   once they failed from that network;
 * - the owner gets one mail per lock (within the address's mail budget), with a single-use link
 *   that lifts it.
 */
import type { Context } from "hono";
import { getSettings } from "../db/queries/settings";
import { queueMail } from "../db/queries/mail";
import {
  accountKeyOf,
  attachUnlockToken,
  cancelAttempt,
  claimBrakedCheck,
  completeSignIn,
  openSignIn,
  recordWrongPassword,
} from "../db/queries/sign-in";
import type { AppEnv } from "../env";
import { announceMail } from "../jobs/mail";
import { isModeratorLevel } from "@shared/roles";
import { maintenanceError } from "../middleware/maintenance";
import { clientIp, rateLimitKey } from "../middleware/rate-limit";
import { toPublicSettings } from "../../shared/schemas/settings";
import type { LoginResponse } from "../../shared/schemas/user";
import { afterResponse, takeMailBudget, unlockMail } from "./account-mail";
import { ApiError, forbidden, unauthorized } from "./errors";
import { newMailLink } from "./mail-link";
import { UNMATCHABLE_HASH, verifyPassword } from "./password";
import { signAccessToken } from "./tokens";
import { paths } from "@shared/paths";

export const INVALID_CREDENTIALS = "Invalid email or password.";
/** Contains "locked": the sign-in page then adds the spec's lock text under it. */
export const LOCKED_MESSAGE =
  "Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.";
export const INACTIVE_MESSAGE = "This account has been deactivated. Please contact an administrator.";

const locked = () => new ApiError(423, LOCKED_MESSAGE, { code: "account_locked" });
const invalid = () => unauthorized(INVALID_CREDENTIALS, "invalid_credentials");

/** The network a request comes from: its IPv4 address, or its IPv6 /64. */
export const requestNetwork = (c: Context<AppEnv>) => rateLimitKey(clientIp(c.req.header("CF-Connecting-IP")));

/**
 * Mails the owner a single-use link that lifts the lock just written (after the answer), within
 * the address's unlock-mail budget.
 */
async function mailUnlockLink(c: Context<AppEnv>, email: string, accountKey: string, network: string, lockedUntil: string) {
  const db = c.get("db");
  const { link, tokenHash } = await newMailLink(c.env, paths.unlock());
  if (!(await attachUnlockToken(db, accountKey, network, lockedUntil, tokenHash))) return;
  if (!(await takeMailBudget(c, "unlock", email)).ok) return;
  const { siteName } = await getSettings(db);
  const id = await queueMail(db, { toAddress: email, ...unlockMail(siteName, email, network, lockedUntil), link });
  await announceMail(c.env, [id]);
}

/** Checks the password and opens a session; throws the refusal (401, 403, 423, 503) otherwise. */
export async function passwordSignIn(c: Context<AppEnv>, email: string, password: string): Promise<LoginResponse> {
  const db = c.get("db");
  const network = requestNetwork(c);
  const accountKey = await accountKeyOf(email);
  const { found, attempt, braked, familiar } = await openSignIn(db, email, accountKey, network);

  // Locked from this network: nothing is checked, but the same PBKDF2 work is done.
  if (!attempt) {
    await verifyPassword(password, UNMATCHABLE_HASH);
    throw locked();
  }
  // The brake: unfamiliar networks share one check a minute; the others are refused unchecked.
  if (braked && !familiar && !(await claimBrakedCheck(db, accountKey))) {
    await cancelAttempt(db, accountKey, network, attempt);
    await verifyPassword(password, UNMATCHABLE_HASH);
    throw locked();
  }

  const right = await verifyPassword(password, found?.user.passwordHash ?? UNMATCHABLE_HASH);
  if (!found || !right) {
    await recordWrongPassword(db, accountKey);
    if (!attempt.locksNetwork) throw invalid();
    if (found?.user.isActive && attempt.lockedUntil) {
      const until = attempt.lockedUntil;
      await afterResponse(c, "unlock-mail", () => mailUnlockLink(c, found.user.email, accountKey, network, until));
    }
    throw locked();
  }

  const { user, roles } = found;
  if (!user.isActive) throw forbidden(INACTIVE_MESSAGE, "account_inactive");
  // During maintenance only moderators and admins may start a session.
  const settings = await getSettings(db);
  if (settings.maintenanceMode && !isModeratorLevel(roles)) {
    await cancelAttempt(db, accountKey, network, attempt);
    throw maintenanceError(toPublicSettings(settings).maintenanceMessage);
  }
  const signedIn = await completeSignIn(
    db,
    user,
    roles,
    { userAgent: c.req.header("User-Agent") ?? null, ipAddress: clientIp(c.req.header("CF-Connecting-IP")), accountKey, network },
    attempt,
  );
  const token = await signAccessToken(c.env, { userId: user.id, sessionId: signedIn.session.id, generation: 1 });
  return { token, user: signedIn.user };
}
