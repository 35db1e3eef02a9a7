import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://example.com${path}`, init));

describe("GET /api/health", () => {
  it("answers 200 with the D1 connection ok", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(res.headers.get("X-Request-Id")).toMatch(/[0-9a-f-]{36}/);
  });
});

describe("unknown API paths and bad input", () => {
  it("answers JSON 404 for /api/unknown, never the SPA", async () => {
    const res = await call("/api/unknown");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ code: "not_found", message: "No API route for GET /api/unknown." });
  });
});

describe("FTS migration", () => {
  it("keeps news_fts in sync through triggers", async () => {
    const { env } = await import("cloudflare:test");
    await env.DB.prepare(
      "INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Dragons return', 's', 'c', 'a', 1)",
    ).run();
    const row = await env.DB.prepare("SELECT rowid FROM news_fts WHERE news_fts MATCH 'dragons'").first();
    expect(row).not.toBeNull();
  });
});
