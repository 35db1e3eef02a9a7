/**
 * Short-lived signed /files URLs. The files of an unapproved media item are private: the admin
 * API hands moderators URLs carrying `exp` (unix seconds) and `sig` (HMAC-SHA256 of the key and
 * `exp` under a key derived from JWT_SECRET), and /files/* serves such an object only when the
 * signature matches and has not expired.
 *
 * Expiry is rounded up to the next whole hour plus one, so a URL stays the same for an hour
 * (the browser can cache the image while the admin list refreshes) and lives 1–2 hours.
 */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`files-url:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

const HOUR = 3600;

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
}

/** The expiry a URL signed now gets. */
export const signatureExpiry = (nowMs = Date.now()) => (Math.ceil(nowMs / 1000 / HOUR) + 1) * HOUR;

/** `/files/{key}?exp=…&sig=…` for a private object. */
export async function signedFileUrl(secret: string, key: string, nowMs = Date.now()): Promise<string> {
  const exp = signatureExpiry(nowMs);
  const sig = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(`${key}\n${exp}`));
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}?exp=${exp}&sig=${toHex(sig)}`;
}

/**
 * Seconds the signature has left, or null when it is missing, altered or expired (constant-time
 * comparison through WebCrypto's verify).
 */
export async function verifyFileSignature(
  secret: string,
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
  const ok = await crypto.subtle.verify("HMAC", await signingKey(secret), bytes, encoder.encode(`${key}\n${exp}`));
  return ok ? remaining : null;
}
