/**
 * Account hardening: the lockout holds under parallel requests, change-password counts toward
 * it, and the rate limits key on the /64 of IPv6 clients and on the account.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { findUserById, recordSuccessfulLogin, reserveLoginAttempt } from "../../worker/db/queries/users";
import { rateLimitKey } from "../../worker/middleware/rate-limit";
import { call, createUser, uniqueIp, userWithToken } from "./helpers";

const WRONG = "Wrong#Pass1";
const login = (email: string, password: string, ip = uniqueIp()) =>
  call("/api/auth/login", { method: "POST", json: { email, password }, ip });

const lockState = (userId: number) =>
  env.DB.prepare("SELECT failed_login_count AS n, locked_until AS lockedUntil FROM users WHERE id = ?")
    .bind(userId)
    .first<{ n: number; lockedUntil: string | null }>();

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("lockout under parallel sign-ins", () => {
  it("checks at most 5 passwords when 20 wrong ones arrive at once: 4 × 401, the rest 423 (or 429), account locked", async () => {
    const u = await createUser(env);
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => login(u.email, WRONG)))).map((r) => r.status);
    const counts = countBy(statuses);
    expect(counts[401]).toBe(4);
    expect((counts[423] ?? 0) + (counts[429] ?? 0)).toBe(16);
    expect(counts[200]).toBeUndefined();
    const state = await lockState(u.id);
    // Every granted reservation is one password check.
    expect(state!.n).toBe(5);
    expect(Date.parse(state!.lockedUntil!)).toBeGreaterThan(Date.now() + 14 * 60_000);
    // No sixth check can be reserved (the per-account budget is spent too, so ask the query).
    expect(await reserveLoginAttempt(openDatabase(env.DB), u.id)).toBeNull();
  });

  it("lets exactly one of six parallel attempts (five wrong, one right) have the last check", async () => {
    const u = await createUser(env);
    for (let i = 0; i < 4; i++) expect((await login(u.email, WRONG)).status).toBe(401);
    const results = await Promise.all([...Array.from({ length: 5 }, () => login(u.email, WRONG)), login(u.email, u.password)]);
    const statuses = results.map((r) => r.status);
    // Exactly one of the six got the last check; whichever it was, the account ends locked
    // unless that one was the right password.
    const state = await lockState(u.id);
    if (statuses[5] === 200) {
      expect(state!.lockedUntil).toBeNull();
      expect(statuses.slice(0, 5).every((s) => s === 423)).toBe(true);
    } else {
      expect(statuses[5]).toBe(423);
      expect(countBy(statuses)[423]).toBe(6);
      expect(state!.lockedUntil).not.toBeNull();
    }
  });

  it("a success never clears a lock that other requests wrote while its password was being checked", async () => {
    const u = await createUser(env);
    const db = openDatabase(env.DB);
    const first = await reserveLoginAttempt(db, u.id);
    expect(first).toEqual({ locksAccount: false, lockedUntil: null });
    // Four more attempts arrive and fail while the first one is still hashing: the fifth locks.
    for (let i = 0; i < 3; i++) expect((await reserveLoginAttempt(db, u.id))!.locksAccount).toBe(false);
    expect((await reserveLoginAttempt(db, u.id))!.locksAccount).toBe(true);
    expect(await reserveLoginAttempt(db, u.id)).toBeNull();
    // The first attempt had the right password: it signs in, but the lock stays.
    const found = await findUserById(db, u.id);
    await recordSuccessfulLogin(db, found!.user, found!.roles, { userAgent: null, ipAddress: null }, first!);
    const state = await lockState(u.id);
    expect(state!.lockedUntil).not.toBeNull();
    expect(state!.n).toBe(5);
  });

  it("the attempt that locks the account but has the right password signs in and clears its own lock", async () => {
    const u = await createUser(env);
    for (let i = 0; i < 4; i++) expect((await login(u.email, WRONG)).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
    expect(await lockState(u.id)).toEqual({ n: 0, lockedUntil: null });
  });

  it("an expired lock starts a fresh count of 5", async () => {
    const u = await createUser(env);
    await env.DB.prepare("UPDATE users SET failed_login_count = 5, locked_until = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), u.id)
      .run();
    expect((await login(u.email, WRONG)).status).toBe(401);
    expect(await lockState(u.id)).toEqual({ n: 1, lockedUntil: null });
  });
});

describe("change-password counts toward the lockout", () => {
  it("wrong current passwords answer 400 four times, the fifth 423; then even sign-in with the right password is 423", async () => {
    const u = await userWithToken(["User"]);
    const change = (currentPassword: string) =>
      call("/api/auth/change-password", {
        method: "POST",
        json: { currentPassword, newPassword: "N3w!Password" },
        token: u.token,
        ip: uniqueIp(),
      });
    for (let i = 0; i < 4; i++) expect((await change(WRONG)).status).toBe(400);
    const fifth = await change(WRONG);
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toMatchObject({ code: "account_locked" });
    // Locked: the right current password is not checked either, and the session lives on.
    expect((await change(u.password)).status).toBe(423);
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(423);
    const outbox = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
  });

  it("a right current password resets the count and queues the notice to the owner", async () => {
    const u = await userWithToken(["User"]);
    const change = (currentPassword: string, newPassword = "N3w!Password") =>
      call("/api/auth/change-password", { method: "POST", json: { currentPassword, newPassword }, token: u.token, ip: uniqueIp() });
    for (let i = 0; i < 3; i++) expect((await change(WRONG)).status).toBe(400);
    expect((await change(u.password)).status).toBe(204);
    expect(await lockState(u.id)).toEqual({ n: 0, lockedUntil: null });
    const mail = await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ subject: string }>();
    expect(mail!.subject).toMatch(/password was changed/i);
  });

  it("is limited per account: the 11th attempt in a minute answers 429 even from fresh addresses", async () => {
    const u = await userWithToken(["User"]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call("/api/auth/change-password", {
        method: "POST",
        json: { currentPassword: WRONG, newPassword: "N3w!Password" },
        token: u.token,
        ip: uniqueIp(),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 423)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("rate-limit keys", () => {
  it("keys IPv4 addresses as they are and IPv6 addresses by their /64", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("::ffff:192.0.2.9")).toBe("192.0.2.9");
    expect(rateLimitKey(null)).toBe("unknown");
    expect(rateLimitKey("not-an-address:zz")).toBe("not-an-address:zz");
  });

  it("20 auth requests from addresses spread over one IPv6 /64 exhaust its budget: the 21st is 429", async () => {
    const group = () => ((Math.random() * 0xffff) | 0).toString(16);
    const prefix = `2001:db8:${group()}:${group()}`;
    const attempt = (i: number) =>
      call("/api/auth/login", { method: "POST", json: { email: "", password: "" }, ip: `${prefix}:${i.toString(16)}::${i}` });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).status).toBe(400);
    const limited = await attempt(99);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    // Another /64 of the same /48 has its own budget.
    const other = await call("/api/auth/login", { method: "POST", json: { email: "", password: "" }, ip: `${prefix.replace(/:[^:]+$/, ":ffff")}::1` });
    expect(other.status).toBe(400);
  });

  it("sign-in has a per-account budget: the 11th attempt on one email in a minute is 429 from any address, before any check", async () => {
    const u = await createUser(env);
    const email = `Unknown-${u.email}`.toLowerCase();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(email, WRONG)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Other accounts are not affected.
    expect((await login(u.email, u.password)).status).toBe(200);
  });
});
