/**
 * Reads that see their writes and revocations, with a read replica that lags behind. Local D1
 * has no replicas, so the Worker runs here on a D1 binding of two real local databases: the
 * primary (the test's DB) and a replica stuck at a moment in the past (LAGGING_REPLICA, holding
 * the same rows as the primary had then). A session that starts at the primary
 * ("first-primary"), or from a bookmark the replica has not reached, reads the primary; any other
 * session reads the replica, as D1 may route it. Every test changes the primary only, as a write
 * does before the replica catches up.
 */
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionConstraint } from "../../worker/db/session";
import worker from "../../worker/index";
import { signAccessToken } from "../../worker/lib/tokens";
import type { NewsArticle } from "../../shared/schemas/news";

const replica = env.LAGGING_REPLICA;
const BOOKMARK = "X-D1-Bookmark";

/** The primary's bookmark now: what the replica has seen (it saw everything up to here). */
async function primaryBookmark(): Promise<string> {
  const session = env.DB.withSession("first-primary");
  await session.prepare("SELECT 1").first();
  return session.getBookmark()!;
}

let frozenAt = "";

/**
 * The two databases as one binding. Bookmarks are lexicographically ordered (Cloudflare's D1
 * documentation): a bookmark after `frozenAt` is one the replica has not reached, so D1 would
 * serve it from the primary (or wait for the replica); the replica's own bookmark is `frozenAt`.
 */
function laggingD1(): D1Database {
  const primary = env.DB;
  const stale = (): D1DatabaseSession => {
    const session = replica.withSession("first-unconstrained");
    return {
      prepare: (query: string) => session.prepare(query),
      batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
      getBookmark: () => frozenAt,
    } as D1DatabaseSession;
  };
  return {
    prepare: (query: string) => primary.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => primary.batch<T>(statements),
    exec: (query: string) => primary.exec(query),
    dump: () => primary.dump(),
    withSession: (constraint?: string) => {
      if (constraint === "first-primary") return primary.withSession("first-primary");
      if (constraint && constraint !== "first-unconstrained" && constraint > frozenAt) return primary.withSession(constraint);
      return stale();
    },
  } as D1Database;
}

const laggingEnv = () => ({ ...env, DB: laggingD1() }) as Env;

/** A request to the Worker running on the lagging binding. */
async function send(path: string, init: RequestInit & { token?: string; json?: unknown; bookmark?: string } = {}): Promise<Response> {
  const { token, json, bookmark, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (bookmark) headers.set(BOOKMARK, bookmark);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://example.com${path}`, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) }),
    laggingEnv(),
    ctx,
  );
  const copy = new Response(await res.arrayBuffer(), res);
  await waitOnExecutionContext(ctx);
  return copy;
}

/** Runs a statement on the primary and on the replica (rows both had before the replica stopped). */
const onBoth = (sql: string, ...values: unknown[]) => Promise.all([env.DB, replica].map((db) => db.prepare(sql).bind(...values).run()));

let nextId = 900_000;

/** A moderator in both databases with a live session; answers the id and an access token. */
async function moderator(): Promise<{ id: number; token: string; sessionId: string }> {
  const id = ++nextId;
  const sessionId = crypto.randomUUID();
  await onBoth("INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES (?1, ?2, 'x', 'M', 'Od')", id, `lag-${id}@example.com`);
  await onBoth("INSERT INTO user_roles (user_id, role) VALUES (?1, 'User'), (?1, 'Moderator')", id);
  await onBoth(
    "INSERT INTO sessions (id, user_id, generation, expires_at) VALUES (?1, ?2, 1, ?3)",
    sessionId,
    id,
    new Date(Date.now() + 86_400_000).toISOString(),
  );
  return { id, sessionId, token: await signAccessToken(env, { userId: id, sessionId, generation: 1 }) };
}

const article = (title: string) => ({ title, summary: "S", content: "C", author: "Lag Tester", isPublished: true });

beforeAll(async () => {
  await applyD1Migrations(replica, env.TEST_MIGRATIONS);
});

describe("the session and role check of a write reads the primary", () => {
  it("a revoked, demoted or deactivated moderator's write is refused (401/403) even with a bookmark from before the change; a live one's passes (201)", async () => {
    const live = await moderator();
    const revoked = await moderator();
    const demoted = await moderator();
    const deactivated = await moderator();
    frozenAt = await primaryBookmark();
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE id = ?2").bind(new Date().toISOString(), revoked.sessionId).run();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role = 'Moderator'").bind(demoted.id).run();
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id = ?1").bind(deactivated.id).run();

    const write = (who: { token: string }) => send("/api/news", { method: "POST", token: who.token, bookmark: frozenAt, json: article("Lagging write") });
    expect((await write(revoked)).status).toBe(401);
    expect((await write(demoted)).status).toBe(403);
    expect((await write(deactivated)).status).toBe(401);
    expect((await write(live)).status).toBe(201);
    // Nothing was written to the replica: writes go to the primary.
    const onReplica = await replica.prepare("SELECT count(*) AS n FROM news_articles WHERE title = 'Lagging write'").first<{ n: number }>();
    expect(onReplica!.n).toBe(0);
  });
});

describe("reads after a write", () => {
  it("an unpublished article is not served stale to guests after the write: API and page are 404 at once", async () => {
    const mod = await moderator();
    const id = ++nextId;
    await onBoth(
      `INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at)
       VALUES (?1, 'Soon gone', 'S', 'C', 'Lag Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      id,
    );
    frozenAt = await primaryBookmark();
    const before = await send(`/api/news/${id}`);
    expect(before.status).toBe(200);

    const current = (await (await send(`/api/news/${id}`, { token: mod.token })).json()) as NewsArticle;
    const saved = await send(`/api/news/${id}`, { method: "PUT", token: mod.token, json: { ...article(current.title), isPublished: false } });
    expect(saved.status).toBe(200);
    const written = saved.headers.get(BOOKMARK)!;
    expect(written > frozenAt).toBe(true);

    const api = await send(`/api/news/${id}`);
    expect(api.status).toBe(404);
    expect((await send(`/news/${id}`)).status).toBe(404);
    const list = (await (await send(`/api/news?search=Soon`)).json()) as { items: NewsArticle[] };
    expect(list.items.map((a) => a.id)).not.toContain(id);
    // The replica itself still has it published: the guest read did not go there.
    const stale = await replica.prepare("SELECT is_published AS p FROM news_articles WHERE id = ?1").bind(id).first<{ p: number }>();
    expect(stale!.p).toBe(1);
  });

  it("a writer's bookmark makes their own signed-in read see the write; without it the read may come from the lagging replica", async () => {
    const mod = await moderator();
    const id = ++nextId;
    await onBoth(
      `INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at)
       VALUES (?1, 'Old title', 'S', 'C', 'Lag Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      id,
    );
    frozenAt = await primaryBookmark();
    const saved = await send(`/api/news/${id}`, { method: "PUT", token: mod.token, json: article("New title") });
    expect(saved.status).toBe(200);
    const own = await send(`/api/news/${id}`, { token: mod.token, bookmark: saved.headers.get(BOOKMARK)! });
    expect(((await own.json()) as NewsArticle).title).toBe("New title");
    const unconstrained = await send(`/api/news/${id}`, { token: mod.token });
    expect(((await unconstrained.json()) as NewsArticle).title).toBe("Old title");
  });
});

describe("whose bookmark a read honours", () => {
  it("a guest's X-D1-Bookmark is ignored (the read stays on the replica, whose bookmark it answers); a signed-in member's is honoured once the token verifies", async () => {
    const id = ++nextId;
    await onBoth(
      `INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at)
       VALUES (?1, 'Bookmarked', 'S', 'C', 'Lag Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      id,
    );
    const member = await moderator();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role = 'Moderator'").bind(member.id).run();
    await replica.prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role = 'Moderator'").bind(member.id).run();
    frozenAt = await primaryBookmark();
    // Unpublished by a write the replica has not seen, made elsewhere (no new generation here).
    await env.DB.prepare("UPDATE news_articles SET is_published = 0 WHERE id = ?1").bind(id).run();
    const newer = await primaryBookmark();
    const miss = { "X-Fault-Injection": "edge-cache-miss" };

    for (const bookmark of ["first-primary", newer]) {
      const guest = await send(`/api/news/${id}`, { bookmark, headers: miss });
      expect(guest.status, bookmark).toBe(200);
      expect(guest.headers.get(BOOKMARK), bookmark).toBe(frozenAt);
      const signedIn = await send(`/api/news/${id}`, { bookmark, token: member.token });
      expect(signedIn.status, bookmark).toBe(404);
      expect(signedIn.headers.get(BOOKMARK)! > frozenAt, bookmark).toBe(true);
    }
    // Without a bookmark the member reads the replica too: it is the bookmark that moved the read.
    expect((await send(`/api/news/${id}`, { token: member.token })).status).toBe(200);
    // A token that does not verify earns nothing: 401, and its session never moved to the primary.
    const forged = await send(`/api/news/${id}`, { bookmark: "first-primary", token: "not-a-token" });
    expect(forged.status).toBe(401);
    expect((forged.headers.get(BOOKMARK) ?? "") <= frozenAt).toBe(true);
    // Another scheme used to read as a guest at the bookmark it sent (the primary: 404 here); now 401.
    const basic = await send(`/api/news/${id}`, { bookmark: "first-primary", headers: { Authorization: "Basic eDp5", ...miss } });
    expect(basic.status).toBe(401);
    // A request's session starts without the client's bookmark, whatever it carries.
    for (const headers of [{}, { Authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
      const request = new Request("http://example.com/api/news", { headers: { ...headers, [BOOKMARK]: "first-primary" } });
      expect(sessionConstraint(request)).toBe("first-unconstrained");
    }
  });
});

describe("the private-file check reads the primary", () => {
  it("an item un-approved on the primary has its files refused at once (404), though the replica still has it approved", async () => {
    const id = ++nextId;
    const key = `media/lag-${id}/original.jpg`;
    await env.MEDIA.put(key, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/jpeg" } });
    await onBoth("INSERT INTO media_items (id, title, media_type, is_approved, original_key, thumbnail_status) VALUES (?1, 'Lag', 'image', 1, ?2, 'ready')", id, key);
    frozenAt = await primaryBookmark();
    const approved = await send(`/files/${key}`);
    expect(approved.status).toBe(200);
    expect(approved.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    // Un-approved by a write the replica has not seen (made elsewhere: no new generation here).
    await env.DB.prepare("UPDATE media_items SET is_approved = 0 WHERE id = ?1").bind(id).run();
    expect((await send(`/files/${key}`)).status).toBe(404);
  });
});

describe("a failing cache or replica degrades to a read of the primary, never to a stale answer", () => {
  it("with the cache unreadable, or the replica unreachable, a guest read of an article unpublished on the primary is 404 (the replica still has it)", async () => {
    const id = ++nextId;
    await onBoth(
      `INSERT INTO news_articles (id, title, summary, content, author, is_published, published_at)
       VALUES (?1, 'Quietly gone', 'S', 'C', 'Lag Tester', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      id,
    );
    frozenAt = await primaryBookmark();
    // Unpublished by a write the replica has not seen, made elsewhere (no new generation here).
    await env.DB.prepare("UPDATE news_articles SET is_published = 0 WHERE id = ?1").bind(id).run();
    // A plain guest miss may read the lagging replica: that is what the two faults below must not do.
    expect((await send(`/api/news/${id}`, { headers: { "X-Fault-Injection": "edge-cache-miss" } })).status).toBe(200);
    for (const fault of ["edge-cache-unavailable", "d1-replica-unavailable, edge-cache-miss"]) {
      const res = await send(`/api/news/${id}`, { headers: { "X-Fault-Injection": fault } });
      expect(res.status, fault).toBe(404);
      expect(((await res.json()) as { code: string }).code, fault).toBe("not_found");
    }
  });
});
