import { describe, expect, it } from "vitest";
import { call, uniqueIp, userWithToken } from "./helpers";

const LIMIT = 20;

describe("per-IP rate limit on the auth routes (AUTH_LIMITER, 20 per 60 s)", () => {
  it("answers the 21st sign-in attempt from one CF-Connecting-IP 429 with Retry-After: 60 and the envelope; other IPs pass", async () => {
    const ip = uniqueIp();
    const attempt = (from: string) =>
      // An invalid body: validation runs after the limiter, so no PBKDF2 work is spent.
      call("/api/auth/login", { method: "POST", json: { email: "", password: "" }, ip: from });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await attempt(ip)).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await attempt(ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toEqual({ code: "rate_limited", message: "Too many requests. Please wait a minute and try again." });
    expect((await attempt(uniqueIp())).status).toBe(400);
  });

  it("keys on CF-Connecting-IP, not on X-Forwarded-For", async () => {
    const ip = uniqueIp();
    let last = 0;
    for (let i = 0; i <= LIMIT; i++) {
      const res = await call("/api/auth/register", {
        method: "POST",
        json: {},
        ip,
        headers: { "X-Forwarded-For": `192.0.2.${i}` },
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });

  it("limits change-password too, and shares the per-IP budget across the auth routes", async () => {
    const u = await userWithToken(["User"]);
    const ip = uniqueIp();
    for (let i = 0; i < LIMIT; i++) await call("/api/auth/login", { method: "POST", json: {}, ip });
    const res = await call("/api/auth/change-password", { method: "POST", json: {}, ip, token: u.token });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
  });

  it("does not limit GET /api/auth/me", async () => {
    const u = await userWithToken(["User"]);
    const ip = uniqueIp();
    for (let i = 0; i <= LIMIT; i++) expect((await call("/api/auth/me", { token: u.token, ip })).status).toBe(200);
  });
});
