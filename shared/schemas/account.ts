/**
 * The signed-in member's own account (`/api/account/*`): sessions, data export and deletion.
 * Pure zod and types; the web may import it.
 */
import { z } from "zod";
import { text } from "./text";
import type { User } from "./user";

/** One active session (sign-in) as the sessions list shows it. */
export type SessionInfo = {
  id: string;
  /** "Firefox 133", from the User-Agent stored at sign-in. */
  browser: string;
  /** "Windows", "iOS 18.1"... */
  os: string;
  /** When it signed in. */
  createdAt: string;
  /** When it last refreshed its token (at most an hour behind real use). */
  lastSeenAt: string;
  /** The session of the request that asked. */
  current: boolean;
};

/** GET /api/account/sessions. */
export type SessionList = { items: SessionInfo[] };

/** GET /api/account/export: everything the site keeps about the member, as a download. */
export type AccountExport = {
  exportedAt: string;
  profile: User;
  /** Every session, ended ones too, with the User-Agent and address recorded at sign-in. */
  sessions: {
    id: string;
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    revokedAt: string | null;
    userAgent: string | null;
    ipAddress: string | null;
  }[];
  /** The member's own actions from the audit log (moderator and admin writes). */
  auditLog: { id: number; action: string; entityType: string; entityId: string; details: unknown; createdAt: string }[];
};

/**
 * GET /api/account/stats: the member's community statistics, counted from the site's own
 * records. (Comments and forum posts live with the comment service and are not counted here.)
 */
export type AccountStats = {
  /** News articles the member created. */
  articlesWritten: number;
  /** Media items the member uploaded, in any moderation state. */
  mediaUploaded: number;
  /** Changes the member made to the site's content and settings (their audit-log rows). */
  editsMade: number;
  /** When the account was created. */
  memberSince: string;
};

/** A session id (a UUID) as DELETE /api/account/sessions/{id} takes it; anything else is 404. */
export const isSessionId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const DELETE_PASSWORD_REQUIRED = "Enter your password to delete your account.";

/** POST /api/account/delete: the member confirms with their password. */
export const deleteAccountSchema = z.object({
  password: text({ error: DELETE_PASSWORD_REQUIRED }).min(1, DELETE_PASSWORD_REQUIRED).max(128, "Password must be at most 128 characters long."),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
