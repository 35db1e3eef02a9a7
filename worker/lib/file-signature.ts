/**
 * Short-lived signed /files URLs. Files are private unless they belong to an approved media item
 * or are the site's own assets (worker/routes/files.ts): the admin API hands moderators URLs
 * carrying `exp` (unix seconds) and `sig` (HMAC-SHA256 of the key and `exp` under a key of its
 * own, derived from the current secret with HKDF, worker/lib/keys.ts), and /files/* serves any
 * object whose signature matches and has not expired. While a rotation is under way a URL signed
 * under the previous secret still verifies.
 *
 * Expiry is rounded up to the next whole hour plus one, so a URL stays the same for an hour
 * (the browser can cache the image while the admin list refreshes) and lives 1–2 hours.
 */
import { derivedKey, secretsOf, type SecretEnv } from "./keys";

const encoder = new TextEncoder();
const HOUR = 3600;

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
}

/** The expiry a URL signed now gets. */
export const signatureExpiry = (nowMs = Date.now()) => (Math.ceil(nowMs / 1000 / HOUR) + 1) * HOUR;

/** `/files/{key}?exp=…&sig=…` for a private object, signed under the current secret. */
export async function signedFileUrl(env: SecretEnv, key: string, nowMs = Date.now()): Promise<string> {
  const exp = signatureExpiry(nowMs);
  const sig = await crypto.subtle.sign("HMAC", await derivedKey(env.JWT_SECRET, "files-url"), encoder.encode(`${key}\n${exp}`));
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}?exp=${exp}&sig=${toHex(sig)}`;
}

/**
 * Seconds the signature has left, or null when it is missing, altered or expired (constant-time
 * comparison through WebCrypto's verify), under the current secret or the previous one.
 */
export async function verifyFileSignature(
  env: SecretEnv,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): Promise<number | null> {
  if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return null;
  const remaining = Number(exp) - Math.floor(nowMs / 1000);
  if (remaining <= 0) return null;
  const bytes = fromHex(sig);
  if (!bytes) return null;
  for (const secret of secretsOf(env)) {
    if (await crypto.subtle.verify("HMAC", await derivedKey(secret, "files-url"), bytes, encoder.encode(`${key}\n${exp}`))) return remaining;
  }
  return null;
}
