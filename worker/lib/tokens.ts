import { jwtVerify, SignJWT } from "jose";

/** Access tokens live one hour; the SPA refreshes them before that (POST /api/auth/refresh). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A session (one sign-in) lasts at most 30 days, refreshed or not. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export type TokenClaims = { userId: number; sessionId: string; generation: number };

type TokenEnv = Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE">;

const key = (env: TokenEnv) => new TextEncoder().encode(env.JWT_SECRET);

/** Signs an HS256 access token naming the session and its current generation. */
export async function signAccessToken(env: TokenEnv, claims: TokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, gen: claims.generation })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(env));
}

/**
 * Verifies signature (HS256 only), issuer, audience and expiry. Returns null for any token
 * that is not one of ours, so callers answer 401 without leaking why.
 */
export async function verifyAccessToken(env: TokenEnv, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(env), {
      algorithms: ["HS256"],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
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
