/**
 * The request log (worker/lib/request-log.ts): one JSON line per request with its route, status,
 * D1 cost (from D1's result meta) and cache verdict, the member's id but never their e-mail; and
 * a campaign of account requests whose captured log output never contains a password, a token,
 * an e-mail address or a signed URL.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedFileUrl } from "../../worker/lib/file-signature";
import { FAULT_HEADER } from "../../worker/lib/faults";
import { call, createUser, DEFAULT_PASSWORD, outboxFor, signIn, uniqueEmail, uniqueIp, userWithToken } from "./helpers";

/** Everything the Worker writes to the console while a test runs. */
let output: string[] = [];
beforeEach(() => {
  output = [];
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      output.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

type Line = {
  level: string;
  msg: string;
  requestId: string;
  method: string;
  route: string | null;
  path: string;
  status: number;
  durationMs: number;
  d1: { trips: number; rowsRead: number; rowsWritten: number; metered: boolean };
  cache: string | null;
  userId: number | null;
  error?: string;
  stack?: string;
};
const requestLines = (): Line[] =>
  output.flatMap((text) => {
    try {
      const parsed = JSON.parse(text) as Line;
      return parsed.msg === "request" ? [parsed] : [];
    } catch {
      return [];
    }
  });

describe("one log line per request", () => {
  it("a guest's API read that misses the cache logs its route, 200, the D1 rows it read and MISS", async () => {
    await env.DB.prepare(
      `INSERT INTO news_articles (title, summary, content, author, is_published, published_at) VALUES ('Logged', 'S', 'C', 'A', 1, '2026-01-01T00:00:00.000Z')`,
    ).run();
    const res = await call("/api/news?page=1&pageSize=5", { headers: { "X-Request-Id": "probe-123" } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: "info", requestId: "probe-123", method: "GET", route: "/api/news", path: "/api/news", status: 200, cache: "MISS", userId: null });
    expect(line!.d1.metered).toBe(true);
    expect(line!.d1.trips).toBeGreaterThanOrEqual(1);
    expect(line!.d1.rowsRead).toBeGreaterThan(0);
    expect(res.headers.get("X-Request-Id")).toBe("probe-123");
    expect(res.headers.get("Server-Timing")).toMatch(/d1;desc="trips=\d+ rows_read=\d+ rows_written=\d+"/);
  });

  it("a page miss logs its route pattern and rows read; a signed-in read logs the member's id, never the e-mail", async () => {
    const page = await call("/news", { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const member = await userWithToken(["User"]);
    const me = await call("/api/auth/me", { token: member.token });
    expect(me.status).toBe(200);
    await me.arrayBuffer();
    const [pageLine, meLine] = requestLines();
    expect(pageLine).toMatchObject({ route: "/news", status: 200 });
    expect(pageLine!.d1.rowsRead).toBeGreaterThan(0);
    expect(meLine).toMatchObject({ route: "/api/auth/me", status: 200, userId: member.id });
    expect(output.join("\n")).not.toContain(member.email);
  });

  it("a write logs the rows it wrote", async () => {
    const moderator = await userWithToken(["Moderator"]);
    const res = await call("/api/news", {
      method: "POST",
      token: moderator.token,
      json: { title: "Written", summary: "S", content: "C", author: "A", tags: [], isPublished: false },
    });
    expect(res.status).toBe(201);
    const line = requestLines().at(-1)!;
    expect(line).toMatchObject({ method: "POST", route: "/api/news", status: 201, userId: moderator.id });
    expect(line.d1.rowsWritten).toBeGreaterThan(0);
  });

  it("a request the database fails logs level error with the error's stack (503)", async () => {
    const res = await call("/api/news", { headers: { [FAULT_HEADER]: "d1-unavailable" } });
    expect(res.status).toBe(503);
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", status: 503 });
    expect(lines[0]!.stack).toMatch(/at /);
  });
});

describe("logs never carry secrets", () => {
  it("a campaign of sign-ups, sign-ins, resets, refreshes and signed file URLs leaves no password, token, e-mail or signature in the logs", async () => {
    const secrets: string[] = [];
    const email = uniqueEmail("log-campaign");
    const password = "Campaign#Secret-Pass9";
    secrets.push(email, password);
    const registered = await call("/api/auth/register", { method: "POST", ip: uniqueIp(), json: { email, password, firstName: "Log", lastName: "Probe" } });
    expect(registered.status).toBeLessThan(300);
    // Wrong password, then the right one.
    expect((await call("/api/auth/login", { method: "POST", ip: uniqueIp(), json: { email, password: "Wrong#Password1" } })).status).toBe(401);
    const member = await createUser(env, { email: uniqueEmail("log-member") });
    secrets.push(member.email, DEFAULT_PASSWORD);
    const login = await call("/api/auth/login", { method: "POST", ip: uniqueIp(), json: { email: member.email, password: member.password } });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    secrets.push(token);
    const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=").slice(1).join("="));
    secrets.push(...cookies.filter((c) => c.length > 8));
    const refreshed = await call("/api/auth/refresh", { method: "POST", headers: { Cookie: login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } });
    expect(refreshed.status).toBeLessThan(500);
    // A reset link: its token travels in the mail and back in a body.
    expect((await call("/api/auth/forgot-password", { method: "POST", ip: uniqueIp(), json: { email: member.email } })).status).toBeLessThan(300);
    const mail = (await outboxFor(member.email)).at(-1);
    const resetToken = mail?.body.match(/token=([\w-]+)/)?.[1];
    if (resetToken) {
      secrets.push(resetToken);
      const reset = await call("/api/auth/reset-password", { method: "POST", ip: uniqueIp(), json: { token: resetToken, newPassword: "Another#Secret-Pass7" } });
      expect(reset.status).toBeLessThan(500);
      secrets.push("Another#Secret-Pass7");
    }
    // A change of password and a page whose URL carries a token.
    const me = await signIn(member.email, resetToken ? "Another#Secret-Pass7" : member.password);
    secrets.push(me);
    expect((await call("/reset-password?token=secret-looking-token-1234567890", { headers: { Accept: "text/html" } })).status).toBeLessThan(500);
    secrets.push("secret-looking-token-1234567890");
    // A signed URL of a private file.
    const signed = await signedFileUrl(env, "media/u999/original.jpg");
    const sig = new URL(signed, "http://example.com").searchParams.get("sig")!;
    secrets.push(sig);
    expect((await call(signed)).status).toBeLessThan(500);

    const text = output.join("\n");
    expect(requestLines().length).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(text, "a secret in the logs").not.toContain(secret);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/); // no e-mail address at all
    expect(text).not.toMatch(/eyJ[\w-]{10,}\./); // no JWT
    expect(text).not.toMatch(/[?&](sig|token|exp)=/); // no query string with a signature or token
  });
});
