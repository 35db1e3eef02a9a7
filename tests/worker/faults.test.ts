/**
 * Faults: the database unavailable for one request. The test Worker runs with FAULT_INJECTION
 * "on" (vitest.config.ts), so `X-Fault-Injection: d1-unavailable` gives that request a D1 binding
 * that fails the way D1 does when it cannot be reached (worker/db/unavailable.ts); everything above
 * it (drizzle, middleware, routes, error handler, page painting) is the real code. Without the
 * switch, or with it on a public SITE_URL, the header does nothing / the Worker refuses to serve.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { isDatabaseUnavailable, unavailableDatabase } from "../../worker/db/unavailable";
import { deployProblems, FAULT_INJECTION_PROBLEM, faultInjectionEnabled } from "../../worker/lib/config-guards";
import { insertFaction } from "./game-fixtures";
import { call, pageMain, userWithToken } from "./helpers";

const DOWN = { "X-Fault-Injection": "d1-unavailable" };

type Envelope = { code: string; message: string; requestId?: string };

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get("Retry-After")).toBe("5");
  expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  const body = (await res.json()) as Envelope;
  expect(body.code).toBe("service_unavailable");
  expect(body.message).toBe("The service is temporarily unavailable. Please try again in a moment.");
  expect(body.requestId).toBeTruthy();
}

describe("D1 unavailable for one request", () => {
  it("a public read answers 503 service_unavailable with Retry-After (not 500); the next request is served", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expectUnavailable(await call("/api/faction", { headers: DOWN }));
      expect((await call("/api/faction")).status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });

  it("a signed-in request answers 503, not 401: the SPA must not sign the user out over an outage", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { token } = await userWithToken();
      await expectUnavailable(await call("/api/auth/me", { token, headers: DOWN }));
      expect((await call("/api/auth/me", { token })).status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });

  it("a moderator's write answers 503 and writes nothing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { token } = await userWithToken(["User", "Moderator"]);
      const name = `Outage faction ${Date.now().toString(36)}`;
      // The token is checked against a live database first, then the write meets the outage.
      await expectUnavailable(await call("/api/faction", { method: "POST", token, headers: DOWN, json: { name, alignment: "Neutral", description: "Never stored." } }));
      const row = await env.DB.prepare("SELECT count(*) AS n FROM factions WHERE name = ?1").bind(name).first<{ n: number }>();
      expect(row!.n).toBe(0);
    } finally {
      errors.mockRestore();
    }
  });

  it("the health check says degraded with 503", async () => {
    const res = await call("/api/health", { headers: DOWN });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "degraded", database: "unreachable" });
  });

  it("a content page whose loader read fails answers 503 with the server's reason in its error element (not 200, not 404)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const id = await insertFaction();
      const res = await call(`/factions/${id}`, { headers: { "X-Fault-Injection": "d1-unavailable,edge-cache-miss", Accept: "text/html" } });
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBeTruthy();
      expect(res.headers.get("Cache-Control")).not.toMatch(/s-maxage/);
      const html = await res.text();
      // The route's error element, rendered by React inside the shell, with the API's message.
      expect(pageMain(html)).toContain("The service is temporarily unavailable. Please try again in a moment.");
      expect(html).toMatch(/noindex/);
      // The browser's router hydrates the same error: the loader's status and envelope are in the page.
      const routeError = html.match(/<script type="application\/json" id="route-error">([\s\S]*?)<\/script>/)?.[1];
      expect(JSON.parse(routeError!)).toMatchObject({ id: "/factions/:id", status: 503, data: { code: "service_unavailable" } });
    } finally {
      errors.mockRestore();
    }
  });
});

describe("the fault switch is test-only", () => {
  it("without FAULT_INJECTION the header does nothing", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request("http://example.com/api/faction", { headers: DOWN }),
      { ...env, FAULT_INJECTION: "" } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
  });

  it("is honoured only on a local SITE_URL; a deploy refuses it and the Worker refuses to serve with it on a public one", async () => {
    expect(faultInjectionEnabled({ FAULT_INJECTION: "on", SITE_URL: "http://localhost:8787" })).toBe(true);
    expect(faultInjectionEnabled({ FAULT_INJECTION: "on", SITE_URL: "https://realm.example" })).toBe(false);
    expect(faultInjectionEnabled({ SITE_URL: "http://localhost:8787" })).toBe(false);
    expect(deployProblems({ SITE_URL: "https://realm.example", FAULT_INJECTION: "on" })).toContain(FAULT_INJECTION_PROBLEM);

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        // A URL no other request cached: a cached answer is served before the API's checks run.
        new Request(`http://example.com/api/faction?probe=${Date.now()}`, { headers: DOWN }),
        { ...env, SITE_URL: "https://realm.example" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(500);
      expect(((await res.json()) as Envelope).code).toBe("internal_error");
      expect(errors.mock.calls.flat().join(" ")).toContain("FAULT_INJECTION is a test-only switch");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("telling an outage from a bug", () => {
  it("recognises D1's outage messages through drizzle's wrapper, and not a constraint or syntax error", async () => {
    const down = drizzle(unavailableDatabase());
    const outage = await down.run(sql`SELECT 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(outage)).toBe(true);
    for (const message of ["D1_ERROR: D1 DB is overloaded. Too many requests queued.", "D1_ERROR: Cannot resolve D1 DB due to transient issue on remote node."]) {
      expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error(message) }))).toBe(true);
    }
    const live = drizzle(env.DB);
    const syntax = await live.run(sql`SELEC 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new Error("D1_ERROR: UNIQUE constraint failed: factions.name: SQLITE_CONSTRAINT"))).toBe(false);
  });
});
