/**
 * Refresh is a compare-and-swap on the session's generation, with a short grace for the token
 * it replaced and reuse detection after it; the session's idle and absolute limits apply.
 */
import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { REFRESH_GRACE_SECONDS, SESSION_IDLE_SECONDS } from "../../worker/db/queries/sessions";
import { call, createUser, tokenFor, userWithToken } from "./helpers";

const refresh = (token: string) => call("/api/auth/refresh", { method: "POST", token });
const me = (token: string) => call("/api/auth/me", { token });
const tokenOf = async (res: Response) => ((await res.json()) as { token: string }).token;

const sessionOf = (userId: number) =>
  env.DB.prepare("SELECT id, generation, revoked_at AS revokedAt FROM sessions WHERE user_id = ?")
    .bind(userId)
    .first<{ id: string; generation: number; revokedAt: string | null }>();

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** A token of ours for the session, issued and expired in the past (a tab that slept). */
async function expiredToken(userId: number, sessionId: string, generation: number, expiredSecondsAgo: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: sessionId, gen: generation })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt(now - expiredSecondsAgo - 3600)
    .setExpirationTime(now - expiredSecondsAgo)
    .sign(new TextEncoder().encode(env.JWT_SECRET));
}

describe("POST /api/auth/refresh: compare-and-swap with reuse detection", () => {
  it("two tabs refreshing the same token at once both get 200 and a working token; the generation moves once", async () => {
    const u = await userWithToken(["User"]);
    const [a, b] = await Promise.all([refresh(u.token), refresh(u.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ta, tb] = await Promise.all([tokenOf(a), tokenOf(b)]);
    expect((await me(ta)).status).toBe(200);
    expect((await me(tb)).status).toBe(200);
    expect((await sessionOf(u.id))!.generation).toBe(2);
  });

  it("a request sent with the replaced token during the grace is answered 200 (not signed out)", async () => {
    const u = await userWithToken(["User"]);
    expect((await refresh(u.token)).status).toBe(200);
    expect((await me(u.token)).status).toBe(200);
    expect((await call("/api/news", { token: u.token })).status).toBe(200);
  });

  it(`after the ${REFRESH_GRACE_SECONDS} s grace, presenting the replaced token to refresh is reuse: 401 and the whole session is revoked`, async () => {
    const u = await userWithToken(["User"]);
    const next = await tokenOf(await refresh(u.token));
    await env.DB.prepare("UPDATE sessions SET rotated_at = ? WHERE user_id = ?").bind(ago(REFRESH_GRACE_SECONDS + 5), u.id).run();
    const reused = await refresh(u.token);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: "unauthorized" });
    expect((await sessionOf(u.id))!.revokedAt).not.toBeNull();
    // The legitimate holder of the newer token is signed out too.
    expect((await me(next)).status).toBe(401);
    expect((await refresh(next)).status).toBe(401);
  });

  it("a token two generations old is reuse at once, even within the grace", async () => {
    const u = await userWithToken(["User"]);
    const second = await tokenOf(await refresh(u.token));
    await env.DB.prepare("UPDATE sessions SET rotated_at = ? WHERE user_id = ?").bind(ago(REFRESH_GRACE_SECONDS + 5), u.id).run();
    expect((await refresh(second)).status).toBe(200);
    expect((await refresh(u.token)).status).toBe(401);
    expect((await sessionOf(u.id))!.revokedAt).not.toBeNull();
  });

  it("accepts an access token that expired while the tab slept, if the session is live and not idle", async () => {
    const u = await createUser(env);
    await tokenFor(env, u.id);
    const session = await sessionOf(u.id);
    const stale = await expiredToken(u.id, session!.id, 1, 3 * 3600);
    expect((await me(stale)).status).toBe(401);
    const res = await refresh(stale);
    expect(res.status).toBe(200);
    expect((await me(await tokenOf(res))).status).toBe(200);
  });

  it("refuses (401) to refresh a session idle for more than 7 days, an expired one and a deactivated user's", async () => {
    const idle = await createUser(env);
    await tokenFor(env, idle.id);
    const idleSession = await sessionOf(idle.id);
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(ago(SESSION_IDLE_SECONDS + 60), idleSession!.id).run();
    expect((await refresh(await expiredToken(idle.id, idleSession!.id, 1, 3600))).status).toBe(401);

    const old = await userWithToken(["User"]);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(ago(1), old.id).run();
    expect((await refresh(old.token)).status).toBe(401);

    const gone = await userWithToken(["User"]);
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id = ?").bind(gone.id).run();
    expect((await refresh(gone.token)).status).toBe(401);
  });

  it("refuses a token expired for longer than the idle limit, and a guest, with 401", async () => {
    const u = await createUser(env);
    await tokenFor(env, u.id);
    const session = await sessionOf(u.id);
    expect((await refresh(await expiredToken(u.id, session!.id, 1, SESSION_IDLE_SECONDS + 60))).status).toBe(401);
    expect((await call("/api/auth/refresh", { method: "POST" })).status).toBe(401);
    expect((await sessionOf(u.id))!.revokedAt).toBeNull();
  });

  it("a token naming a generation the session never had is refused without revoking the session", async () => {
    const u = await createUser(env);
    const token = await tokenFor(env, u.id);
    const session = await sessionOf(u.id);
    const forged = await expiredToken(u.id, session!.id, 7, -600);
    expect((await refresh(forged)).status).toBe(401);
    expect((await sessionOf(u.id))!.revokedAt).toBeNull();
    expect((await me(token)).status).toBe(200);
  });
});
