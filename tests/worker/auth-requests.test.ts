/**
 * Auth requests beyond one route's own behaviour (tests/worker/auth.test.ts has those): the
 * registration race, every account route for each role and for a guest, and bodies that are not
 * JSON objects.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../worker/db/queries/users";
import { openDatabase } from "../../worker/db/client";
import { call, createUser, uniqueIp, userWithToken } from "./helpers";

describe("registration race", () => {
  it("createAccount answers null when the email is taken between the check and the insert, writing nothing", async () => {
    const existing = await createUser(env);
    const db = openDatabase(env.DB);
    const count = () => env.DB.prepare("SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM login_networks) AS networks").first();
    const before = await count();
    const result = await createAccount(db, { email: existing.email, passwordHash: "x", firstName: "A", lastName: "B" }, "192.0.2.1");
    expect(result).toBeNull();
    expect(await count()).toEqual(before);
  });
});

describe("every account route for each role", () => {
  it.each([["User"], ["Moderator"], ["Admin"]] as const)("a %s can read, edit its profile, refresh, get SSO and sign out", async (role) => {
    const u = await userWithToken([role]);
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await call("/api/auth/profile", { method: "PUT", token: u.token, json: { firstName: role, lastName: "X" } })).status).toBe(200);
    expect((await call("/api/auth/fastcomments-sso", { token: u.token })).status).toBe(200);
    const refreshed = await call("/api/auth/refresh", { method: "POST", token: u.token });
    expect(refreshed.status).toBe(200);
    const { token } = (await refreshed.json()) as { token: string };
    expect((await call("/api/auth/logout", { method: "POST", token })).status).toBe(204);
    expect((await call("/api/auth/me", { token })).status).toBe(401);
  });

  it("a guest gets 401 from me, profile, change-password, refresh and logout", async () => {
    const statuses = await Promise.all([
      call("/api/auth/me"),
      call("/api/auth/profile", { method: "PUT", json: { firstName: "A", lastName: "B" } }),
      call("/api/auth/change-password", { method: "POST", json: {}, ip: uniqueIp() }),
      call("/api/auth/refresh", { method: "POST" }),
      call("/api/auth/logout", { method: "POST" }),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe("bodies that are not JSON objects", () => {
  it.each([
    ["null", "null"],
    ["an array", "[]"],
    ["a string", '"hello"'],
  ])("answers 400 with the envelope for %s", async (_label, raw) => {
    const res = await call("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: raw, ip: uniqueIp() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message?: unknown }).message).toEqual(expect.any(String));
  });

  it("answers 4xx (never 500) for a body sent without a JSON content type", async () => {
    const res = await call("/api/auth/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "email=a", ip: uniqueIp() });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("answers 413 for a body over the JSON size limit", async () => {
    const res = await call("/api/auth/register", { method: "POST", json: { firstName: "x".repeat(300_000) }, ip: uniqueIp() });
    expect(res.status).toBe(413);
  });
});
