/**
 * Rotating the signing secret (docs/key-rotation.md): tokens name their secret by key id (`kid`),
 * the Worker accepts the current secret and the previous one and signs only with the current,
 * and signed file URLs and view hashes use keys of their own, derived from the secret. The Worker
 * runs here with the environments of the three steps of a rotation.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { decodeProtectedHeader, SignJWT } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { envProblems } from "../../worker/env";
import { deployProblems, EXAMPLE_JWT_SECRET, runtimeConfigProblems } from "../../worker/lib/config-guards";
import { signedFileUrl, verifyFileSignature } from "../../worker/lib/file-signature";
import { derivedKey, keyIdOf } from "../../worker/lib/keys";
import { signAccessToken, verifyAccessToken } from "../../worker/lib/tokens";
import { createUser } from "./helpers";

const OLD = "the-old-secret-that-is-at-least-32-bytes-long!!";
const NEW = "the-new-secret-that-is-at-least-32-bytes-long!!";

/** The three steps: before, during (new current, old previous) and after (old dropped). */
const before = { ...env, JWT_SECRET: OLD, JWT_SECRET_PREVIOUS: "" } as Env;
const during = { ...env, JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD } as Env;
const after = { ...env, JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: "" } as Env;

async function send(environment: Env, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  headers.set("X-Fault-Injection", "edge-cache-miss");
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://example.com${path}`, { ...init, headers }), environment, ctx);
  const copy = new Response(await res.arrayBuffer(), res);
  await waitOnExecutionContext(ctx);
  return copy;
}

/** A session row for the user, and its token signed in the given environment. */
async function session(environment: Env, userId: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, generation, expires_at) VALUES (?1, ?2, 1, ?3)")
    .bind(sessionId, userId, new Date(Date.now() + 86_400_000).toISOString())
    .run();
  return signAccessToken(environment, { userId, sessionId, generation: 1 });
}

let userId = 0;
const fileKey = "media/rotation/original.jpg";

beforeAll(async () => {
  userId = (await createUser(env, { roles: ["User", "Moderator"] })).id;
  await env.MEDIA.put(fileKey, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/jpeg" } });
});

describe("key rotation", () => {
  it("tokens name their secret by key id; an old token works until the old secret is dropped, and refresh re-signs it with the new one", async () => {
    const oldToken = await session(before, userId);
    expect(decodeProtectedHeader(oldToken).kid).toBe(await keyIdOf(OLD));
    expect((await send(before, "/api/auth/me", { token: oldToken })).status).toBe(200);

    // During the rotation: the old token still works; what is signed now is signed with the new secret.
    expect((await send(during, "/api/auth/me", { token: oldToken })).status).toBe(200);
    const refreshed = await send(during, "/api/auth/refresh", { method: "POST", token: oldToken });
    expect(refreshed.status).toBe(200);
    const newToken = ((await refreshed.json()) as { token: string }).token;
    expect(decodeProtectedHeader(newToken).kid).toBe(await keyIdOf(NEW));
    const another = await session(during, userId);
    expect(decodeProtectedHeader(another).kid).toBe(await keyIdOf(NEW));

    // After: tokens of the old secret are refused, the new ones keep working (nobody signed out
    // who refreshed during the rotation).
    const stillOld = await session(before, userId);
    expect((await send(after, "/api/auth/me", { token: stillOld })).status).toBe(401);
    expect((await send(after, "/api/auth/me", { token: newToken })).status).toBe(200);
    expect((await send(after, "/api/auth/me", { token: another })).status).toBe(200);
  });

  it("a token naming an unknown key id is refused even when its signature is good under a current secret; one without a key id (signed before key ids) is checked against both", async () => {
    const sessionId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO sessions (id, user_id, generation, expires_at) VALUES (?1, ?2, 1, ?3)")
      .bind(sessionId, userId, new Date(Date.now() + 86_400_000).toISOString())
      .run();
    const sign = (secret: string, kid?: string) =>
      new SignJWT({ sid: sessionId, gen: 1 })
        .setProtectedHeader(kid ? { alg: "HS256", typ: "JWT", kid } : { alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(env.JWT_ISSUER)
        .setAudience(env.JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(during, await sign(NEW, "some-other-kid"))).toBeNull();
    const legacy = await sign(OLD);
    expect(await verifyAccessToken(during, legacy)).toMatchObject({ userId, sessionId });
    expect(await verifyAccessToken(after, legacy)).toBeNull();
  });

  it("signed file URLs: signed under the old secret they open the file during the rotation, not after it; new ones are signed under the new secret (200, 404)", async () => {
    const old = await signedFileUrl(before, fileKey);
    expect((await send(before, old)).status).toBe(200);
    expect((await send(during, old)).status).toBe(200);
    expect((await send(after, old)).status).toBe(404);
    const current = await signedFileUrl(during, fileKey);
    expect((await send(after, current)).status).toBe(200);
    expect(current).not.toBe(old);
  });

  it("file URLs and view hashes have keys of their own, derived from the secret: neither is an HMAC under the secret itself or under each other's key", async () => {
    const data = new TextEncoder().encode(`${fileKey}\n4102444800`);
    const raw = await crypto.subtle.importKey("raw", new TextEncoder().encode(NEW), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
    const underSecret = hex(await crypto.subtle.sign("HMAC", raw, data));
    const underFiles = hex(await crypto.subtle.sign("HMAC", await derivedKey(NEW, "files-url"), data));
    const underViews = hex(await crypto.subtle.sign("HMAC", await derivedKey(NEW, "views"), data));
    expect(new Set([underSecret, underFiles, underViews]).size).toBe(3);
    // A URL signed with the secret itself (or the views key) opens nothing.
    for (const sig of [underSecret, underViews]) expect(await verifyFileSignature(after, fileKey, "4102444800", sig)).toBeNull();
    expect(await verifyFileSignature(after, fileKey, "4102444800", underFiles)).not.toBeNull();
    // Key ids tell secrets apart and are not the secret.
    expect(await keyIdOf(NEW)).not.toBe(await keyIdOf(OLD));
    expect(NEW).not.toContain(await keyIdOf(NEW));
  });

  it("the environment check covers JWT_SECRET_PREVIOUS: too short refuses to serve (500 in the envelope), the example value is refused on a public site and by the deploy check", async () => {
    expect(envProblems({ ...before, JWT_SECRET_PREVIOUS: "short" }).join(" ")).toContain("JWT_SECRET_PREVIOUS must be at least 32 characters");
    expect(envProblems({ ...during })).toEqual([]);
    expect(envProblems({ ...after, JWT_SECRET_PREVIOUS: undefined })).toEqual([]);
    expect(runtimeConfigProblems({ SITE_URL: "https://realm.example", JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: EXAMPLE_JWT_SECRET }).join(" ")).toContain("JWT_SECRET_PREVIOUS");
    expect(deployProblems({ SITE_URL: "https://realm.example", JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: EXAMPLE_JWT_SECRET }).join(" ")).toContain("JWT_SECRET_PREVIOUS");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await send({ ...during, JWT_SECRET_PREVIOUS: "short" } as Env, "/api/health");
      expect(res.status).toBe(500);
      expect(((await res.json()) as { code: string }).code).toBe("internal_error");
      expect(errors.mock.calls.flat().join(" ")).toContain("JWT_SECRET_PREVIOUS");
    } finally {
      errors.mockRestore();
    }
  });
});
