/**
 * CORS for community tools (docs/api-access.md): guests' reads are open to every origin without
 * credentials; writes, /api/auth and preflights asking for more are refused.
 */
import { describe, expect, it } from "vitest";
import { CORS_REFUSED } from "../../worker/middleware/cors";
import { call, userWithToken } from "./helpers";

const ORIGIN = "https://tools.example.org";
const preflight = (path: string, method: string, headers?: string) =>
  call(path, {
    method: "OPTIONS",
    headers: {
      Origin: ORIGIN,
      "Access-Control-Request-Method": method,
      ...(headers ? { "Access-Control-Request-Headers": headers } : {}),
    },
  });

describe("CORS on the public API", () => {
  it("a guest's GET of a public list answers 200 with Access-Control-Allow-Origin: * and no credentials", async () => {
    const res = await call("/api/faction", { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
  });

  it("a preflight for a GET asking for If-None-Match is accepted with 204 for GET and HEAD only", async () => {
    const res = await preflight("/api/unit", "GET", "If-None-Match");
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD");
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("if-none-match");
  });

  it.each([
    ["a write", "/api/news", "POST", undefined],
    ["a delete", "/api/unit/1", "DELETE", undefined],
    ["a read with Authorization", "/api/account/sessions", "GET", "Authorization"],
    ["a read with another header", "/api/unit", "GET", "X-Custom"],
    ["a read under /api/auth", "/api/auth/me", "GET", undefined],
    ["sign-in", "/api/auth/login", "POST", "Content-Type"],
  ])("a preflight for %s is refused with 403, the envelope and no CORS headers", async (_, path, method, headers) => {
    const res = await preflight(path, method, headers);
    expect(res.status).toBe(403);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await res.json()).toEqual({ code: "forbidden", message: CORS_REFUSED });
  });

  it("writes, /api/auth answers and a member's reads carry no CORS headers", async () => {
    const { token } = await userWithToken();
    const write = await call("/api/news", { method: "POST", headers: { Origin: ORIGIN }, json: {} });
    expect(write.status).toBe(401);
    expect(write.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const auth = await call("/api/auth/me", { headers: { Origin: ORIGIN } });
    expect(auth.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const member = await call("/api/account/sessions", { token, headers: { Origin: ORIGIN } });
    expect(member.status).toBe(200);
    expect(member.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("a guest's read of a member-only route is still 401: opening reads shares nothing private", async () => {
    const res = await call("/api/account/sessions", { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("a cached guest read keeps its CORS header on the edge cache's hit", async () => {
    const first = await call("/api/spell", { edgeCache: true });
    const second = await call("/api/spell", { edgeCache: true });
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(first.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(second.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});
