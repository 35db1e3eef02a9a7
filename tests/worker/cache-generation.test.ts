/**
 * Who may start a new edge-cache generation (worker/lib/edge-cache.ts): only the write handlers
 * that declare themselves content writes (worker/middleware/content-write.ts), and only when they
 * succeed. A visitor's request, whatever its path, cookies or Cache-Control, cannot empty the
 * cache; a failing cache or replica degrades to a read of D1, never to a wrong answer.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/app";
import { storedEdgeGeneration } from "../../worker/lib/edge-cache";
import { isContentWrite } from "../../worker/middleware/content-write";
import type { NewsArticle } from "../../shared/schemas/news";
import { insertFaction } from "./game-fixtures";
import { call as rawCall, DEFAULT_PASSWORD, uniqueEmail, uniqueIp, userWithToken, type CallInit } from "./helpers";

/** Calls through the edge cache, as browsers do. */
const call = (path: string, init: CallInit = {}) => rawCall(path, { ...init, edgeCache: true });
const CACHE = "X-Edge-Cache";
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The routes that change what guests see: exactly these start a new generation when they succeed. */
const CONTENT_WRITES = [
  "POST /api/news",
  "PUT /api/news/:id",
  "DELETE /api/news/:id",
  "POST /api/faction",
  "PUT /api/faction/:id",
  "DELETE /api/faction/:id",
  "POST /api/unit",
  "PUT /api/unit/:id",
  "DELETE /api/unit/:id",
  "POST /api/hero",
  "PUT /api/hero/:id",
  "DELETE /api/hero/:id",
  "POST /api/spell",
  "PUT /api/spell/:id",
  "DELETE /api/spell/:id",
  "POST /api/gameinfo",
  "PUT /api/gameinfo/:id",
  "DELETE /api/gameinfo/:id",
  "POST /api/history/:id/restore",
  "POST /api/media/categories",
  "PUT /api/media/categories/:id",
  "DELETE /api/media/categories/:id",
  "PUT /api/media/:id",
  "DELETE /api/media/:id",
  "POST /api/media/review",
  "PUT /api/settings",
].sort();

let approvedId = 0;
let moderator = "";
let admin = "";
let articleId = 0;
let categoryId = 0;

const insertArticle = async (title: string) =>
  (await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
     VALUES (?1, 'S', 'C', 'Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
  )
    .bind(title)
    .first<{ id: number }>())!.id;

/** An approved media item of the test's category; each test that changes one inserts its own (tests run shuffled). */
const insertApproved = async () =>
  (await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_key, thumbnail_status)
     VALUES ('Approved', 'About it', 'image', ?1, 1, ?2, 'ready') RETURNING id`,
  )
    .bind(categoryId, `media/${unique("gen")}/original.jpg`)
    .first<{ id: number }>())!.id;

beforeAll(async () => {
  moderator = (await userWithToken(["User", "Moderator"])).token;
  admin = (await userWithToken(["User", "Admin"])).token;
  categoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES ('Gen', 'gen-cat', '#123456') RETURNING id").first<{ id: number }>())!.id;
  approvedId = await insertApproved();
  articleId = await insertArticle("Generation probe");
});

/** A guest list read that is cached now (MISS then HIT). */
async function cachedRead(): Promise<string> {
  const path = `/api/news?search=${unique("gen")}`;
  for (const expected of ["MISS", "HIT"]) {
    const res = await call(path);
    await res.text();
    expect(res.headers.get(CACHE)).toBe(expected);
  }
  return path;
}

const generation = async () => (await storedEdgeGeneration())?.id ?? null;

/** Runs the requests and answers whether the generation moved (and the answers' statuses). */
async function moves(requests: () => Promise<Response[]>): Promise<{ moved: boolean; statuses: number[] }> {
  await cachedRead();
  const before = await generation();
  const responses = await requests();
  const statuses = responses.map((r) => r.status);
  await Promise.all(responses.map((r) => r.body?.cancel()));
  return { moved: (await generation()) !== before, statuses };
}

describe("a visitor cannot empty the edge cache", () => {
  it("an encoded view path with a forged rc_views cookie leaves the next guest read a HIT", async () => {
    const path = await cachedRead();
    const today = new Date().toISOString().slice(0, 10);
    const forged = await call(`/api/media/${approvedId}/vie%77`, {
      method: "POST",
      headers: { Cookie: `rc_views=${today}:${approvedId}`, "CF-Connecting-IP": "198.51.100.7" },
    });
    expect(forged.status).toBeLessThan(500);
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
  });

  it("encoded, doubled and odd paths of write routes: a refused one never changes the generation (never 5xx)", async () => {
    // Its own article: some odd spellings are the route itself once the URL is normalised.
    const target = await insertArticle("Odd paths");
    const odd = [
      `/api/media/${approvedId}/vie%77`,
      `/api/media/${approvedId}/view/`,
      `/api/media//${approvedId}/view`,
      `/api/media/%31/view`,
      `/api/news/${target}%2F`,
      `/api/news/%2e%2e/${target}`,
      `/api/news/${target};x=1`,
      `//api/news/${target}`,
      `/API/news/${target}`,
      `/api/news/./${target}`,
      `/api/settings%2F`,
      `/api/faction/%00`,
    ];
    const refused: string[] = [];
    for (const method of ["POST", "PUT", "DELETE"]) {
      for (const token of [undefined, moderator]) {
        for (const path of odd) {
          const { moved, statuses } = await moves(async () => [await call(path, { method, token, ip: uniqueIp(), json: method === "DELETE" ? undefined : {} })]);
          const what = `${method} ${path} as ${token ? "moderator" : "guest"}: ${statuses[0]}`;
          expect(statuses[0], what).toBeLessThan(500);
          if (statuses[0]! >= 300) {
            refused.push(what);
            expect(moved, what).toBe(false);
          }
        }
      }
    }
    expect(refused.length).toBeGreaterThan(60);
  }, 60_000);

  it("views, account traffic, uploads and refused writes change no generation; the next guest read is a HIT", async () => {
    const { moved, statuses } = await moves(async () => [
      await call(`/api/media/${approvedId}/view`, { method: "POST", ip: uniqueIp() }),
      await call("/api/auth/login", { method: "POST", ip: uniqueIp(), json: { email: `${unique("nobody")}@example.com`, password: "Wrong-password1!" } }),
      await call("/api/auth/register", {
        method: "POST",
        ip: uniqueIp(),
        json: { email: uniqueEmail("gen"), password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD, firstName: "G", lastName: "En" },
      }),
      await call("/api/auth/profile", { method: "PUT", token: moderator, json: { firstName: "Mod", lastName: "Erator" } }),
      await call("/api/uploads", {
        method: "POST",
        token: moderator,
        json: { fileName: "a.jpg", size: 1000, contentType: "image/jpeg", title: "Upload", categoryId, factionId: null },
      }),
      // Refused content writes: a guest, a user without the role, a bad body, a missing record.
      await call(`/api/news/${articleId}`, { method: "DELETE" }),
      await call("/api/news", { method: "POST", token: (await userWithToken(["User"])).token, json: {} }),
      await call("/api/news", { method: "POST", token: moderator, json: { title: "" } }),
      await call("/api/news/999999999", { method: "DELETE", token: moderator }),
      await call("/api/settings", { method: "PUT", token: admin, json: { siteName: "Line\nbreak" } }),
      await call("/api/media/categories", { method: "POST", token: admin, json: { name: "X", slug: "x-icon", color: "#fff", iconUrl: "javascript:alert(1)" } }),
    ]);
    expect(statuses).toEqual([200, 401, 202, 200, 201, 401, 403, 400, 404, 400, 400]);
    expect(moved).toBe(false);
  });

  it("each content write that succeeds starts a new generation carrying the writer's D1 bookmark", async () => {
    const writes: [string, () => Promise<Response>][] = [
      ["news create", () => call("/api/news", { method: "POST", token: moderator, json: { title: unique("New "), summary: "S", content: "C", author: "A", isPublished: true } })],
      ["faction update", async () => {
        const id = await insertFaction();
        const current = (await (await rawCall(`/api/faction/${id}`, { token: moderator })).json()) as Record<string, unknown>;
        return call(`/api/faction/${id}`, { method: "PUT", token: moderator, json: { ...current, summary: unique("changed ") } });
      }],
      ["media un-approve", async () => {
        const id = await insertApproved();
        const current = (await (await rawCall(`/api/media/${id}`, { token: moderator })).json()) as Record<string, unknown>;
        return call(`/api/media/${id}`, { method: "PUT", token: moderator, json: { ...current, isApproved: false } });
      }],
      ["media review (approve)", async () => {
        const pending = await env.DB.prepare(
          `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_url, thumbnail_status)
           VALUES ('Waiting', 'About it', 'image', ?1, 0, 'https://cdn.example.com/w.jpg', 'ready') RETURNING id`,
        )
          .bind(categoryId)
          .first<{ id: number }>();
        return call("/api/media/review", { method: "POST", token: moderator, json: { decision: "approve", items: [{ id: pending!.id }] } });
      }],
      ["category create", () => call("/api/media/categories", { method: "POST", token: admin, json: { name: unique("Cat"), slug: unique("cat-"), color: "#123456" } })],
      ["settings", async () => {
        const current = (await (await rawCall("/api/settings", { token: admin })).json()) as Record<string, unknown>;
        const { updatedAt: _updatedAt, ...rest } = current;
        return call("/api/settings", { method: "PUT", token: admin, json: { ...rest, siteDescription: unique("d") } });
      }],
    ];
    for (const [what, write] of writes) {
      const path = await cachedRead();
      const before = await storedEdgeGeneration();
      const res = await write();
      expect(res.status, what).toBeLessThan(300);
      await res.body?.cancel();
      const after = await storedEdgeGeneration();
      expect(after?.id, what).not.toBe(before?.id);
      expect(after?.bookmark, what).toBe(res.headers.get("X-D1-Bookmark"));
      expect(after?.bookmark, what).toMatch(/\S/);
      expect((await call(path)).headers.get(CACHE), what).toBe("MISS");
    }
  });

  it("exactly the routes that change what guests see are declared content writes", () => {
    const declared = [...new Set(api.routes.filter((r) => isContentWrite(r.handler)).map((r) => `${r.method} ${r.path}`))].sort();
    expect(declared).toEqual(CONTENT_WRITES);
  });
});

describe("guest reads are answered from the cache, whatever they ask", () => {
  it("a guest's Cache-Control: no-cache, max-age=0 or Pragma: no-cache is a HIT", async () => {
    const path = await cachedRead();
    const asks: Record<string, string>[] = [{ "Cache-Control": "no-cache" }, { "Cache-Control": "max-age=0" }, { "Cache-Control": "no-store" }, { Pragma: "no-cache" }];
    for (const headers of asks) {
      const res = await call(path, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get(CACHE), JSON.stringify(headers)).toBe("HIT");
    }
    // Bodies are read, as browsers do: the cache stores its copy of a body as it is read.
    const page = `/news/${articleId}`;
    const first = await call(page);
    await first.text();
    expect(first.headers.get(CACHE)).toMatch(/MISS|HIT/);
    const again = await call(page, { headers: { "Cache-Control": "no-cache" } });
    await again.text();
    expect(again.headers.get(CACHE)).toBe("HIT");
  });

  it("tests and the bench read fresh with the test-only X-Fault-Injection: edge-cache-miss, which refreshes the entry (MISS, then HIT)", async () => {
    const path = await cachedRead();
    const fresh = await call(path, { headers: { "X-Fault-Injection": "edge-cache-miss" } });
    expect(fresh.headers.get(CACHE)).toBe("MISS");
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
  });

  it("a failing cache is a read of D1's primary that stores nothing (200, no X-Edge-Cache)", async () => {
    const path = `/api/news/${articleId}`;
    const res = await call(path, { headers: { "X-Fault-Injection": "edge-cache-unavailable" } });
    expect(res.status).toBe(200);
    expect(res.headers.get(CACHE)).toBeNull();
    expect(((await res.json()) as NewsArticle).id).toBe(articleId);
    const page = await call(`/news/${articleId}`, { headers: { "X-Fault-Injection": "edge-cache-unavailable" } });
    expect(page.status).toBe(200);
    expect(page.headers.get(CACHE)).toBeNull();
    expect(await page.text()).toContain('id="initial-data"');
  });

  it("a failing replica read is answered by the primary, for the API and a painted page (200)", async () => {
    const fault = { "X-Fault-Injection": "d1-replica-unavailable, edge-cache-miss" };
    const res = await call(`/api/news/${articleId}`, { headers: fault });
    expect(res.status).toBe(200);
    expect(((await res.json()) as NewsArticle).title).toBe("Generation probe");
    const page = await call(`/news/${articleId}`, { headers: fault });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Generation probe");
    // Without the fallback the same request is a 503: the fault is real.
    const down = await call(`/api/news/${articleId}`, { headers: { "X-Fault-Injection": "d1-unavailable, edge-cache-miss" } });
    expect(down.status).toBe(503);
  });
});
