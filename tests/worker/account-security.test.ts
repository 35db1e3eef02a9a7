/**
 * Account hardening: change-password has its own limit (sign-in locks are per network, see
 * sign-in-locks.test.ts), and the rate limits key on the /64 of IPv6 clients.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rateLimitKey } from "../../worker/middleware/rate-limit";
import { call, uniqueIp, userWithToken } from "./helpers";

const WRONG = "Wrong#Pass1";
const login = (email: string, password: string, ip = uniqueIp()) =>
  call("/api/auth/login", { method: "POST", json: { email, password }, ip });

describe("change-password keeps its own limit", () => {
  const change = (u: { token: string }, currentPassword: string, newPassword = "N3w!Password") =>
    call("/api/auth/change-password", { method: "POST", json: { currentPassword, newPassword }, token: u.token, ip: uniqueIp() });

  it("5 wrong current passwords answer 400, the 6th 429 with Retry-After; sign-in is not locked by them (200)", async () => {
    const u = await userWithToken(["User"]);
    for (let i = 0; i < 5; i++) expect((await change(u, WRONG)).status).toBe(400);
    const sixth = await change(u, u.password);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(await sixth.json()).toMatchObject({ code: "rate_limited", message: "Too many wrong passwords. Please try again in 15 minutes." });
    // The session lives on, and signing in is another matter.
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
    const outbox = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
  });

  it("a right current password gives the budget back (5 more wrong ones are 400) and queues the notice to the owner", async () => {
    const u = await userWithToken(["User"]);
    for (let i = 0; i < 4; i++) expect((await change(u, WRONG)).status).toBe(400);
    expect((await change(u, u.password)).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await change(u, WRONG, "Other!Pass2")).status).toBe(400);
    const mail = await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address = ?").bind(u.email).first<{ subject: string }>();
    expect(mail!.subject).toMatch(/password was changed/i);
  });

  it("is limited per account across addresses: 10 parallel wrong passwords check at most 5 (the rest 429)", async () => {
    const u = await userWithToken(["User"]);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => change(u, WRONG)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(5);
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

});
