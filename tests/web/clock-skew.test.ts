import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * A browser whose clock is wrong still refreshes its token on the server's schedule: the SPA
 * learns the server's clock from the `iat` of each token the server has just issued.
 */
const HOUR = 3600;

/** A token-shaped string issued now on the server's clock (the SPA never checks signatures). */
const issuedAt = (serverSeconds: number) => `h.${btoa(JSON.stringify({ iat: serverSeconds, exp: serverSeconds + HOUR }))}.s`;

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

async function freshModule() {
  vi.resetModules();
  return import("@/lib/token-refresh");
}

describe("token expiry on the server's clock", () => {
  it("a browser two hours fast does not see a token just issued as due (no refresh loop) once it has noted it", async () => {
    const server = Math.floor(Date.now() / 1000);
    vi.useFakeTimers({ now: (server + 2 * HOUR) * 1000 });
    const { noteFreshToken, refreshDue } = await freshModule();
    const token = issuedAt(server);
    // Without the server's clock, the new token looks expired an hour ago.
    expect(refreshDue(token)).toBe(true);
    noteFreshToken(token);
    expect(refreshDue(token)).toBe(false);
    // 56 minutes later (on any clock) it is due, 5 minutes before it expires.
    vi.advanceTimersByTime(56 * 60 * 1000);
    expect(refreshDue(token)).toBe(true);
  });

  it("a browser twenty minutes slow refreshes before the server's expiry, not twenty minutes after it", async () => {
    const server = Math.floor(Date.now() / 1000);
    vi.useFakeTimers({ now: (server - 20 * 60) * 1000 });
    const { noteFreshToken, refreshDue, serverNow } = await freshModule();
    const token = issuedAt(server);
    noteFreshToken(token);
    expect(Math.abs(serverNow() - server * 1000)).toBeLessThan(1000);
    vi.advanceTimersByTime(54 * 60 * 1000);
    expect(refreshDue(token)).toBe(false);
    vi.advanceTimersByTime(2 * 60 * 1000);
    expect(refreshDue(token)).toBe(true);
  });

  it("a token without iat teaches nothing: the browser's clock is used as before", async () => {
    const { noteFreshToken, serverNow } = await freshModule();
    noteFreshToken(`h.${btoa(JSON.stringify({ exp: 1 }))}.s`);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});
