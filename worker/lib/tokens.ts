import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { keyIdOf, secretsOf } from "./keys";

/**
 * Access tokens live one hour; the SPA refreshes them before that (POST /api/auth/refresh).
 * The session's own lifetimes (idle, absolute, refresh grace) are in worker/db/queries/sessions.ts.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export type TokenClaims = { userId: number; sessionId: string; generation: number };

type TokenEnv = Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE"> & { JWT_SECRET_PREVIOUS?: string };

const key = (env: TokenEnv) => new TextEncoder().encode(env.JWT_SECRET);
const secretKey = (secret: string) => new TextEncoder().encode(secret);

/**
 * The secrets a token may be signed with: the one its key id (`kid`) names among the current and
 * the previous secret (worker/lib/keys.ts, docs/key-rotation.md), none for an unknown id; both
 * for a token without one (signed before tokens carried key ids).
 */
async function secretsFor(env: TokenEnv, token: string): Promise<string[]> {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return [];
  }
  const secrets = secretsOf(env);
  if (kid === undefined) return secrets;
  for (const secret of secrets) if ((await keyIdOf(secret)) === kid) return [secret];
  return [];
}

/** Signs an HS256 access token naming the session and its current generation, with the current secret (named by `kid`). */
export async function signAccessToken(env: TokenEnv, claims: TokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, gen: claims.generation })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: await keyIdOf(env.JWT_SECRET) })
    .setSubject(String(claims.userId))
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(env));
}

/**
 * Verifies signature (HS256 only), issuer, audience and expiry. Returns null for any token
 * that is not one of ours, so callers answer 401 without leaking why. The key id picks the
 * current or the previous secret; a token under a secret that is no longer set fails. `acceptExpiredFor`
 * (seconds) is for refresh only: a token past its expiry by at most that much still names its
 * session, whose own idle and absolute limits then apply.
 */
export async function verifyAccessToken(
  env: TokenEnv,
  token: string,
  options: { acceptExpiredFor?: number } = {},
): Promise<TokenClaims | null> {
  for (const secret of await secretsFor(env, token)) {
    const claims = await verifyWith(secretKey(secret), env, token, options);
    if (claims) return claims;
  }
  return null;
}

async function verifyWith(
  secret: Uint8Array,
  env: TokenEnv,
  token: string,
  options: { acceptExpiredFor?: number },
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      requiredClaims: ["exp", "iat", "sub"],
      // Refresh accepts a token that expired while the tab slept (its expiry is compared with a
      // moment that far back; a future not-before still fails); the session decides the rest.
      ...(options.acceptExpiredFor ? { currentDate: new Date(Date.now() - options.acceptExpiredFor * 1000) } : {}),
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    const generation = payload.gen;
    if (!Number.isSafeInteger(userId) || typeof sessionId !== "string" || typeof generation !== "number") {
      return null;
    }
    return { userId, sessionId, generation };
  } catch {
    return null;
  }
}
