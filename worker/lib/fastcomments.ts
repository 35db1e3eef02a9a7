/**
 * FastComments Secure SSO (https://docs.fastcomments.com/guide-customizations-and-configuration.html#sso):
 * the widget trusts `userDataJSONBase64` because `verificationHash` is the hex HMAC-SHA256,
 * keyed with the tenant's API secret, of `String(timestamp) + userDataJSONBase64`.
 */
import type { User } from "../../shared/schemas/user";
import { isAdminRole, isModeratorLevel } from "@shared/roles";
import { paths } from "@shared/paths";

/** The fields of the signed-in user the widget is told. */
export type SsoUser = Pick<User, "id" | "email" | "emailConfirmed" | "firstName" | "lastName" | "displayName" | "profilePictureUrl" | "roles">;

export type SecureSsoPayload = {
  userDataJSONBase64: string;
  verificationHash: string;
  timestamp: number;
  loginURL: string;
  logoutURL: string;
};

type SsoEnv = Pick<Env, "FASTCOMMENTS_API_SECRET" | "SITE_URL">;

/** Base64 of the UTF-8 bytes (btoa alone only takes Latin-1). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Absolute URL for a stored picture (avatar paths are made absolute against SITE_URL). */
export const absoluteUrl = (siteUrl: string, value: string | null) => {
  if (!value) return undefined;
  try {
    return new URL(value, siteUrl).href;
  } catch {
    return undefined;
  }
};

export const loginUrl = (siteUrl: string) => new URL(paths.login(), siteUrl).href;
/** Where the widget's "log out" link leads: the profile page, which has Sign Out. */
export const logoutUrl = (siteUrl: string) => new URL(paths.profile(), siteUrl).href;

/** The SSO username: never an email (FastComments shows it publicly). */
export const ssoUsername = (user: Pick<SsoUser, "firstName" | "lastName" | "email">) =>
  (`${user.firstName} ${user.lastName}`.trim() || user.email.split("@")[0]!).slice(0, 64);

export async function secureSsoPayload(env: SsoEnv, user: SsoUser, now = Date.now()): Promise<SecureSsoPayload> {
  const userData = {
    id: String(user.id),
    // Only a confirmed address: an unconfirmed one may belong to someone else.
    ...(user.emailConfirmed ? { email: user.email } : {}),
    username: ssoUsername(user),
    displayName: user.displayName,
    avatar: absoluteUrl(env.SITE_URL, user.profilePictureUrl),
    isAdmin: isAdminRole(user.roles),
    isModerator: isModeratorLevel(user.roles),
  };
  const userDataJSONBase64 = base64Utf8(JSON.stringify(userData));
  return {
    userDataJSONBase64,
    verificationHash: await hmacSha256Hex(env.FASTCOMMENTS_API_SECRET, String(now) + userDataJSONBase64),
    timestamp: now,
    loginURL: loginUrl(env.SITE_URL),
    logoutURL: logoutUrl(env.SITE_URL),
  };
}
