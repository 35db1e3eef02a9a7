/**
 * Forged and broken tokens are all answered 401 (the session is never found from them):
 * alg none, other algorithms, wrong issuer or audience, expired, not yet valid, wrong secret,
 * truncated, and a valid token of a deleted session.
 */
import { env } from "cloudflare:test";
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, tokenFor } from "./helpers";

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const secret = () => new TextEncoder().encode(env.JWT_SECRET);

let userId = 0;
let sessionId = "";
let good = "";

beforeAll(async () => {
  userId = (await createUser(env, { roles: ["User", "Admin"] })).id;
  good = await tokenFor(env, userId);
  sessionId = JSON.parse(atob(good.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid;
});

const claims = (): JWTPayload => ({ sid: sessionId, gen: 1 });
const now = () => Math.floor(Date.now() / 1000);

/** Signs with our secret, varying one thing at a time. */
const hs = (alg: "HS256" | "HS384" | "HS512", edit: (jwt: SignJWT) => SignJWT = (j) => j, key = secret()) =>
  edit(
    new SignJWT(claims())
      .setProtectedHeader({ alg, typ: "JWT" })
      .setSubject(String(userId))
      .setIssuer(env.JWT_ISSUER)
      .setAudience(env.JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h"),
  ).sign(key);

const forged: [string, () => Promise<string>][] = [
  ["alg: none", async () => `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ ...claims(), sub: String(userId), iss: env.JWT_ISSUER, aud: env.JWT_AUDIENCE, iat: now(), exp: now() + 3600 })}.`],
  ["HS512 header (with our secret)", () => hs("HS512")],
  ["HS384 header (with our secret)", () => hs("HS384")],
  [
    "RS256 header (an attacker's key)",
    async () => {
      const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
      await exportJWK(publicKey);
      return new SignJWT(claims()).setProtectedHeader({ alg: "RS256" }).setSubject(String(userId)).setIssuer(env.JWT_ISSUER).setAudience(env.JWT_AUDIENCE).setIssuedAt().setExpirationTime("1h").sign(privateKey);
    },
  ],
  ["wrong issuer", () => hs("HS256", (j) => j.setIssuer("someone-else"))],
  ["wrong audience", () => hs("HS256", (j) => j.setAudience("another-app"))],
  ["expired", () => hs("HS256", (j) => j.setIssuedAt(now() - 7200).setExpirationTime(now() - 60))],
  ["not yet valid", () => hs("HS256", (j) => j.setNotBefore(now() + 3600))],
  ["wrong secret", () => hs("HS256", undefined, new TextEncoder().encode("another-secret-that-is-at-least-32-bytes!!"))],
  ["truncated", async () => good.slice(0, good.length - 10)],
  ["signature stripped", async () => good.split(".").slice(0, 2).join(".") + "."],
  ["payload edited (other user id)", async () => { const [h, , s] = good.split("."); return `${h}.${b64url({ ...claims(), sub: String(userId + 1), iss: env.JWT_ISSUER, aud: env.JWT_AUDIENCE, iat: now(), exp: now() + 3600 })}.${s}`; }],
  ["garbage", async () => "not-a-token"],
  ["no subject", () => hs("HS256", (j) => j.setSubject(""))],
];

describe("forged tokens", () => {
  it.each(forged)("%s → 401 with the envelope on a signed-in route and an admin route", async (label, make) => {
    const token = await make();
    for (const path of ["/api/auth/me", "/api/admin/users", "/api/news"]) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("unauthorized");
    }
    // An expired token of ours may still be refreshed while its session is live (a tab that slept).
    expect((await call("/api/auth/refresh", { method: "POST", token })).status).toBe(label === "expired" ? 200 : 401);
  });

  it("a valid token of a deleted session → 401 (and the genuine token works until then)", async () => {
    const token = await tokenFor(env, userId);
    expect((await call("/api/auth/me", { token })).status).toBe(200);
    const sid = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(sid).run();
    expect((await call("/api/auth/me", { token })).status).toBe(401);
    expect((await call("/api/auth/refresh", { method: "POST", token })).status).toBe(401);
  });
});
