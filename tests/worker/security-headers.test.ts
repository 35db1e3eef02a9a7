import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, THEME_INIT_HASH, THEME_INIT_SCRIPT } from "../../worker/lib/security-headers";
import { call } from "./helpers";

describe("CSP for the inline theme script", () => {
  it("THEME_INIT_HASH is the sha256 of THEME_INIT_SCRIPT", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(THEME_INIT_SCRIPT));
    const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(THEME_INIT_HASH).toBe(`'sha256-${base64}'`);
  });

  it("script-src allows the hash and never 'unsafe-inline'; HTML pages carry it (200)", async () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toContain(THEME_INIT_HASH);
    expect(scriptSrc).not.toContain("unsafe-inline");
    const res = await call("/news");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
  });
});
