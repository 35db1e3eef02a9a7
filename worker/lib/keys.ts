/**
 * The Worker's signing keys, all from the two secrets of a rotation (docs/key-rotation.md):
 * `JWT_SECRET`, the current one, and `JWT_SECRET_PREVIOUS`, set only while a rotation is under
 * way. What is signed now uses the current secret; what was signed before is still accepted
 * under the previous one until it is removed.
 *
 * - Access tokens (worker/lib/tokens.ts) are HMAC-signed with the secret itself and name it by
 *   its key id (`kid`), derived from the secret with HKDF, so a token says which secret to check.
 * - Signed file URLs, the daily view hashes, the account-mail budgets' address keys and the
 *   tokens of mailed links use keys of their own, derived from the secret with HKDF (a distinct
 *   `info` each): a key that leaks from one use is no key for another.
 * See docs/decisions/0027-rotating-keys.md.
 */

export type SecretEnv = { JWT_SECRET: string; JWT_SECRET_PREVIOUS?: string };

/** What a derived key is for: each purpose has its own key. */
export type KeyPurpose = "files-url" | "views" | "mail-address" | "mail-link";

const encoder = new TextEncoder();

/** The secrets to accept, current first; the previous one only while it is set and differs. */
export function secretsOf(env: SecretEnv): string[] {
  const previous = env.JWT_SECRET_PREVIOUS;
  return previous && previous !== env.JWT_SECRET ? [env.JWT_SECRET, previous] : [env.JWT_SECRET];
}

/** Derived values per secret and purpose, kept per isolate once computed (plain values, never promises). */
const derivedKeys = new Map<string, CryptoKey>();
const keyIds = new Map<string, string>();

const hkdfBits = async (secret: string, info: string, bits: number) =>
  crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) },
    await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"]),
    bits,
  );

/** The HMAC-SHA256 key for `purpose`, derived from `secret` with HKDF. */
export async function derivedKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const name = `${purpose}\n${secret}`;
  const kept = derivedKeys.get(name);
  if (kept) return kept;
  const bits = await hkdfBits(secret, `realm-codex ${purpose} v1`, 256);
  const key = await crypto.subtle.importKey("raw", bits, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  derivedKeys.set(name, key);
  return key;
}

/** URL-safe base64 without padding. */
export const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** The key id of a secret: 64 bits derived with HKDF (it tells secrets apart and reveals nothing of them). */
export async function keyIdOf(secret: string): Promise<string> {
  const kept = keyIds.get(secret);
  if (kept) return kept;
  const id = base64url(await hkdfBits(secret, "realm-codex jwt key id v1", 64));
  keyIds.set(secret, id);
  return id;
}
