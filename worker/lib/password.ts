/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto. Stored self-describing
 * as `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>` so the scheme can be upgraded on
 * sign-in later. Pure WebCrypto: runs in the Worker and in Node scripts (the seed) alike.
 */

/** The Workers platform caps PBKDF2 at 100,000 iterations. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time comparison of two byte strings of any length. */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** True when the password matches the stored hash; false for any malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !saltText || !hashText || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  try {
    const expected = fromBase64(hashText);
    const actual = await derive(password, fromBase64(saltText), iterations);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/**
 * A well-formed hash that no password matches (random salt and digest). Sign-in checks a
 * password against it when there is no account or the network is locked, so every answer costs
 * the same PBKDF2 work and its timing tells nothing (a hash made at first use would cost twice
 * on each isolate's first unknown address).
 */
export const UNMATCHABLE_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$U57Ln4YJbnKUDad5SRWtTg==$mWCP0aab1nOWkAmvi79Pl4AZUS9foWA2yQNVrdhZYmI=`;
