import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openRequestSession } from "../../worker/db/session";
import { sharedTtl } from "../../worker/lib/edge-cache";
import { api } from "../../worker/app";
import { markPageRead } from "../../worker/middleware/read-etag";
import type { NewsArticle } from "../../shared/schemas/news";
import { call as rawCall, userWithToken, type CallInit } from "./helpers";

/** Calls through the edge cache, as browsers do. */
const call = (path: string, init: CallInit = {}) => rawCall(path, { ...init, edgeCache: true });

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const CACHE = "X-Edge-Cache";
const BOOKMARK = "X-D1-Bookmark";

let moderator = "";
let articleId = 0;
const tag = unique("edgetag");
beforeAll(async () => {
  moderator = (await userWithToken(["Moderator"])).token;
  const row = await env.DB.prepare(
    `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
     VALUES ('Cached title', 'S', 'C', 'Edge Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
  ).first<{ id: number }>();
  articleId = row!.id;
  await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, ?2, 0)").bind(articleId, tag).run();
});

describe("edge cache (Workers Cache API) for guest reads", () => {
  it("a public API read is stored on the first guest GET and answered from the cache on the second (200)", async () => {
    const path = `/api/news?search=${unique("nomatch")}`;
    const first = await call(path);
    expect(first.status).toBe(200);
    expect(first.headers.get(CACHE)).toBe("MISS");
    const second = await call(path);
    expect(second.status).toBe(200);
    expect(second.headers.get(CACHE)).toBe("HIT");
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
  });

  it("a request with Authorization neither reads nor fills the cache (200)", async () => {
    const path = `/api/news?search=${unique("auth")}`;
    const signedIn = await call(path, { token: moderator });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get(CACHE)).toBeNull();
    expect((await call(path)).headers.get(CACHE)).toBe("MISS");
    const again = await call(path, { token: moderator });
    expect(again.headers.get(CACHE)).toBeNull();
    expect(again.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("guest HTML with injected data is cached for the shortest TTL of its answers (s-maxage), then HIT (200)", async () => {
    const path = `/news?tag=${encodeURIComponent(tag)}`;
    const first = await call(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate, s-maxage=30");
    expect(first.headers.get(CACHE)).toBe("MISS");
    const html = await first.text();
    const second = await call(path);
    expect(second.headers.get(CACHE)).toBe("HIT");
    expect(await second.text()).toBe(html);
    const signedIn = await call(path, { headers: { Authorization: `Bearer ${moderator}` } });
    expect(signedIn.headers.get(CACHE)).toBeNull();
    expect(await signedIn.text()).not.toContain('id="initial-data"');
  });

  it("a painted page reads its first data through the API's cache entry but does not fill it (page MISS, API still MISS; a cached answer is what the page paints)", async () => {
    const insert = async (title: string) =>
      (await env.DB.prepare(
        `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
         VALUES (?1, 'S', 'C', 'Edge Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
      )
        .bind(title)
        .first<{ id: number }>())!.id;
    const unstored = await insert(unique("Unstored"));
    const page = await call(`/news/${unstored}`);
    expect(page.status).toBe(200);
    expect(page.headers.get(CACHE)).toBe("MISS");
    expect((await call(`/api/news/${unstored}`)).headers.get(CACHE)).toBe("MISS");

    // A cached API answer is read by the page: change the row behind the cache's back.
    const cachedTitle = unique("Cached");
    const cached = await insert(cachedTitle);
    expect((await call(`/api/news/${cached}`)).headers.get(CACHE)).toBe("MISS");
    await env.DB.prepare("UPDATE news_articles SET title = ?1 WHERE id = ?2").bind(unique("Changed"), cached).run();
    const html = await (await call(`/news/${cached}`)).text();
    expect(html).toContain(`<h1 class="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">${cachedTitle}</h1>`);
  });

  it("the API's answers carry an ETag, except to the Worker's own reads for a page (nobody revalidates those)", async () => {
    const url = `https://example.com/api/news/${articleId}`;
    const browser = await api.fetch(new Request(url), env);
    expect(browser.status).toBe(200);
    expect(browser.headers.get("ETag")).toBeTruthy();
    const own = await api.fetch(markPageRead(new Request(url)), env);
    expect(own.status).toBe(200);
    expect(own.headers.get("ETag")).toBeNull();
    expect(await own.json()).toEqual(await browser.json());
  });

  it("a cached answer still honours If-None-Match with 304", async () => {
    const path = `/api/news?search=${unique("etag")}`;
    const first = await call(path);
    const etag = first.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
    const conditional = await call(path, { headers: { "If-None-Match": etag } });
    expect(conditional.status).toBe(304);
  });

  it("a guest's Cache-Control: no-cache is answered from the cache (200, HIT): no visitor forces a D1 read", async () => {
    const path = `/api/news?search=${unique("fresh")}`;
    expect((await call(path)).headers.get(CACHE)).toBe("MISS");
    expect((await call(path, { headers: { "Cache-Control": "no-cache" } })).headers.get(CACHE)).toBe("HIT");
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
  });

  it("errors, 404 pages and writes are never stored", async () => {
    for (const path of ["/api/news/999999999", "/news/999999999", "/api/auth/me"]) {
      await call(path);
      const again = await call(path);
      expect(again.status, path).not.toBe(200);
      expect(again.headers.get(CACHE), path).toBeNull();
    }
  });

  it("sharedTtl reads s-maxage before max-age and refuses private, no-store, non-200 and Set-Cookie", () => {
    const res = (cc: string, init: ResponseInit = {}) => new Response("x", { ...init, headers: { "Cache-Control": cc, ...(init.headers ?? {}) } });
    expect(sharedTtl(res("public, max-age=30, stale-while-revalidate=300"))).toBe(30);
    expect(sharedTtl(res("public, max-age=0, must-revalidate, s-maxage=45"))).toBe(45);
    expect(sharedTtl(res("public, max-age=0, must-revalidate"))).toBe(0);
    expect(sharedTtl(res("private, no-cache"))).toBe(0);
    expect(sharedTtl(res("public, max-age=30, no-store"))).toBe(0);
    expect(sharedTtl(res("public, max-age=30", { status: 404 }))).toBe(0);
    expect(sharedTtl(res("public, max-age=30", { headers: { "Set-Cookie": "a=b" } }))).toBe(0);
  });
});

describe("one entry per read, however it is spelt (ADR 0047)", () => {
  const insertArticle = async (tagValue: string) => {
    const id = (await env.DB.prepare(
      `INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
       VALUES ('Spelt', 'S', 'C', 'Edge Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id`,
    ).first<{ id: number }>())!.id;
    await env.DB.prepare("INSERT INTO news_tags (article_id, tag, position) VALUES (?1, ?2, 0)").bind(id, tagValue).run();
    return id;
  };

  it("an API list's equivalent spellings (order, a default written out or left out, blank values, leading zeros) are one entry: MISS once, then HIT (200)", async () => {
    const t = unique("spelt");
    await insertArticle(t);
    const [first, ...others] = [
      `/api/news?tag=${t}&pageSize=12`,
      `/api/news?pageSize=12&tag=${t}`,
      `/api/news?tag=${t}`,
      `/api/news?page=1&tag=${t}`,
      `/api/news?tag=${t}&page=&pageSize=012&search=`,
      `/api/news?status=&tag=${t}&page=0001`,
    ];
    const miss = await call(first!);
    expect(miss.status).toBe(200);
    expect(miss.headers.get(CACHE)).toBe("MISS");
    const body = await miss.json();
    for (const path of others) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get(CACHE), path).toBe("HIT");
      expect(await res.json(), path).toEqual(body);
    }
  });

  it("a spelling the route refuses (an unknown parameter, page=1.0, pageSize past the limit) is a 400 that is never looked up or stored", async () => {
    const t = unique("refused");
    for (const path of [`/api/news?tag=${t}&zz=${unique("x")}`, `/api/news?tag=${t}&page=1.0`, `/api/news?tag=${t}&pageSize=101`, `/api/news/${"0"}`]) {
      for (let i = 0; i < 2; i++) {
        const res = await call(path);
        expect(res.status, path).toBe(400);
        expect(res.headers.get(CACHE), path).toBeNull();
      }
    }
  });

  it("an item read's path spellings share its entry: /api/news/{id} with a percent-encoded digit is a HIT (200)", async () => {
    const id = String(await insertArticle(unique("path")));
    const first = await call(`/api/news/${id}`);
    expect(first.headers.get(CACHE)).toBe("MISS");
    await first.text();
    const encoded = `/api/news/${id.slice(0, -1)}%${id.charCodeAt(id.length - 1).toString(16)}`;
    const res = await call(encoded);
    expect(res.status).toBe(200);
    expect(res.headers.get(CACHE)).toBe("HIT");
  });

  it("a page URL with utm_* or unknown parameters, another order or an unreadable page renders (200) from the entry of the page's own link, without them in its HTML", async () => {
    const t = unique("pagespelt");
    await insertArticle(t);
    const own = await call(`/news?tag=${t}`);
    expect(own.status).toBe(200);
    expect(own.headers.get(CACHE)).toBe("MISS");
    const html = await own.text();
    for (const path of [`/news?utm_source=mail&utm_campaign=${unique("c")}&tag=${t}`, `/news?tag=${t}&zz=${unique("x")}`, `/news?page=abc&tag=${t}`, `/news?tag=${t}&page=1`]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get(CACHE), path).toBe("HIT");
      const text = await res.text();
      expect(text, path).toBe(html);
      expect(text, path).not.toContain("utm_");
    }
    // A page that reads no query string is one entry whatever it is sent.
    const factions = await call("/factions?fbclid=1");
    expect(factions.status).toBe(200);
    await factions.text();
    expect((await call(`/factions?fbclid=${unique("y")}`)).headers.get(CACHE)).toBe("HIT");
  });

  it("a page rendered for a URL with junk reads and writes the canonical URL's keys (its first view carries no junk)", async () => {
    const t = unique("junk");
    await insertArticle(t);
    const html = await (await call(`/news?tag=${t}&zz=1&utm_source=x`)).text();
    const data = JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(["/api/news/filters", `/api/news?tag=${t}`].sort());
  });
});

describe("D1 sessions: bookmarks and read-your-writes", () => {
  it("a request's env has every binding of the runtime's env, the same objects, with its own D1 session as DB; the runtime's env is untouched", () => {
    const runtimeDb = env.DB;
    const first = openRequestSession(env, new Request("http://example.com/api/news"));
    const second = openRequestSession(env, new Request("http://example.com/api/news", { method: "POST" }));
    for (const session of [first, second]) {
      expect(Object.keys(session.env).sort()).toEqual(Object.keys(env).sort());
      for (const key of Object.keys(env) as (keyof Env)[]) if (key !== "DB") expect(session.env[key], key).toBe(env[key]);
      expect(session.env.DB).not.toBe(runtimeDb);
    }
    // Each request its own session and env object; the per-isolate copy is never handed out or changed.
    expect(first.env).not.toBe(second.env);
    expect(first.env.DB).not.toBe(second.env.DB);
    expect(env.DB).toBe(runtimeDb);
  });

  it("an API answer carries the session's bookmark; a bad bookmark is ignored, not an error (200)", async () => {
    const res = await call(`/api/news/${articleId}`, { token: moderator });
    expect(res.status).toBe(200);
    expect(res.headers.get(BOOKMARK)).toMatch(/\S+/);
    const bad = await call(`/api/news/${articleId}`, { token: moderator, headers: { [BOOKMARK]: "<not a bookmark>" } });
    expect(bad.status).toBe(200);
  });

  it("a write is seen by its author's next read (with the bookmark) and by the next guest read: the write starts a new cache generation (MISS)", async () => {
    const path = `/api/news/${articleId}`;
    expect((await call(path)).headers.get(CACHE)).toMatch(/MISS|HIT/);
    const current = (await (await call(path, { token: moderator })).json()) as NewsArticle;
    const newTitle = unique("Updated title ");
    const saved = await call(path, {
      method: "PUT",
      token: moderator,
      json: { title: newTitle, summary: current.summary, content: current.content, author: current.author, tags: current.tags, isPublished: true, imageUrl: null },
    });
    expect(saved.status).toBe(200);
    const bookmark = saved.headers.get(BOOKMARK);
    expect(bookmark).toMatch(/\S+/);

    const authorRead = await call(path, { token: moderator, headers: { [BOOKMARK]: bookmark! } });
    expect(authorRead.status).toBe(200);
    expect(((await authorRead.json()) as NewsArticle).title).toBe(newTitle);

    const guestRead = await call(path);
    expect(guestRead.headers.get(CACHE)).toBe("MISS");
    expect(((await guestRead.json()) as NewsArticle).title).toBe(newTitle);
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
  });

  it("account traffic (a failed sign-in) does not start a new generation: the next guest read is still a HIT", async () => {
    const path = `/api/news?tag=${tag}`;
    await call(path);
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
    const signIn = await call("/api/auth/login", { method: "POST", json: { email: `${unique("nobody")}@example.com`, password: "Wrong-password1!" } });
    expect(signIn.status).toBe(401);
    expect((await call(path)).headers.get(CACHE)).toBe("HIT");
  });
});
