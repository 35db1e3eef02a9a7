/**
 * Only `Authorization: Bearer <token>` is understood. Any other Authorization (another scheme, a
 * bare `Bearer`, two tokens, an empty value) would skip the edge cache like a member's request and
 * then read D1 as a guest, so it is answered 401 `unauthorized` in the envelope on every path the
 * Worker serves (API routes from the app's own route list, every page of the route table, files,
 * feeds), before the cache or D1 is asked (ADR 0047).
 */
import { appServer } from "@app/server";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/app";
import { MALFORMED_AUTHORIZATION } from "../../worker/middleware/auth";
import { call, userWithToken } from "./helpers";

const NOT_BEARER = ["Basic dXNlcjpwYXNz", "Token abc", "Bearer", "Bearer ", "Bearer a b", "Bearer\ttoken extra", "Digest username=x", "bearer-token abc"];

const trips = (res: Response) => Number(res.headers.get("Server-Timing")?.match(/trips=(\d+)/)?.[1]);

/** Every path the Worker serves: each API route (a sample id or slug), each page, and the other documents. */
function servedPaths(): { method: string; path: string }[] {
  const concrete = (path: string) => path.replace(/:slug/g, "a-guide").replace(/:[A-Za-z]+/g, "1");
  const apiRoutes = [...new Set(api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].map((route) => {
    const [method, path] = route.split(" ") as [string, string];
    return { method, path: concrete(path) };
  });
  const pages = appServer.pages.filter((p) => p.path !== "*").map((p) => ({ method: "GET", path: concrete(p.path) }));
  const others = ["/files/media/1/original.jpg", "/robots.txt", "/sitemap.xml", "/news/feed.xml", "/no-such-page"].map((path) => ({ method: "GET", path }));
  return [...apiRoutes, ...pages, ...others];
}

let articleId = 0;
beforeAll(async () => {
  const row = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
     VALUES ('Header test', 'S', 'C', 'Header Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
  ).first<{ id: number }>();
  articleId = row!.id;
});

describe("an Authorization header that is not Bearer <token>", () => {
  it.each(NOT_BEARER)("%j on a public read (GET /api/news/{id}, through the edge cache) → 401 unauthorized, no D1 round trip, no cache", async (value) => {
    const res = await call(`/api/news/${articleId}`, { headers: { Authorization: value }, edgeCache: true });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthorized", message: MALFORMED_AUTHORIZATION });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Edge-Cache")).toBeNull();
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(trips(res)).toBe(0);
  });

  it("is refused with 401 in the envelope on every API route, page and document the Worker serves", async () => {
    const failures: string[] = [];
    const targets = servedPaths();
    for (const { method, path } of targets) {
      const res = await call(path, { method, headers: { Authorization: "Basic eDp5", Accept: "text/html" }, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (res.status !== 401 || body?.code !== "unauthorized" || trips(res) !== 0) failures.push(`${method} ${path}: ${res.status} ${JSON.stringify(body)} trips=${trips(res)}`);
    }
    expect(failures).toEqual([]);
    expect(targets.length).toBeGreaterThan(100);
  });

  it("Bearer with a real token still reads as the member (200), and a guest without the header reads from the cache", async () => {
    const { token } = await userWithToken(["User"]);
    const signedIn = await call(`/api/news/${articleId}`, { token, edgeCache: true });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("X-Edge-Cache")).toBeNull();
    const lower = await call(`/api/news/${articleId}`, { headers: { Authorization: `bearer ${token}` } });
    expect(lower.status).toBe(200);
    const guest = await call(`/api/news/${articleId}`, { edgeCache: true });
    expect(guest.status).toBe(200);
    expect(guest.headers.get("X-Edge-Cache")).toMatch(/MISS|HIT/);
  });
});
