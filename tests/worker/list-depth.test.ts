/**
 * Lists page with OFFSET, which reads every row it skips, so their depth is capped: a page number
 * past the cap is a 400 with the error envelope; a page past the last one (within the cap) is an
 * empty page, not an error. The cap is MAX_PAGE (shared/schemas/query.ts), and for guests' and
 * members' news and gallery lists publicPageLimit(pageSize): the deepest page whose skipped and
 * shown rows stay within 800 D1 rows (the
 * rest of 1,000 is for the filter choices a page reads with its list). Moderators page those to MAX_PAGE; guests' totalPages
 * stops at the last page they are served.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE, publicPageLimit } from "../../shared/schemas/query";
import { call, userWithToken } from "./helpers";

type Page = { items: unknown[]; page: number; pageSize: number; totalCount: number; totalPages: number };
type Envelope = { code: string; message: string; errors?: Record<string, string[]> };

const LISTS = ["/api/news", "/api/media", "/api/unit", "/api/hero", "/api/spell", "/api/gameinfo"];
const GAME_LISTS = ["/api/unit", "/api/hero", "/api/spell", "/api/gameinfo"];
const PUBLIC_LISTS = ["/api/news", "/api/media"];

describe("list depth", () => {
  it.each(LISTS)("%s?page=MAX_PAGE+1 answers 400 validation_failed naming the page", async (path) => {
    const res = await call(`${path}?page=${MAX_PAGE + 1}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors ?? {})).toContain("page");
  });

  it.each(GAME_LISTS)("%s?page=MAX_PAGE (past the end) answers 200 with an empty page and the real total", async (path) => {
    const res = await call(`${path}?page=${MAX_PAGE}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    expect(body.items).toEqual([]);
    expect(body.page).toBe(MAX_PAGE);
    expect(body.totalCount).toBeGreaterThanOrEqual(0);
  });

  it("the public page limit keeps a page's skipped rows plus nine per shown row within 800, page 1 always served", () => {
    expect(publicPageLimit(12)).toBe(58);
    expect(publicPageLimit(20)).toBe(32);
    expect(publicPageLimit(100)).toBe(1);
    expect(publicPageLimit(1000)).toBe(1);
    for (const size of [1, 3, 12, 20, 50, 80]) expect((publicPageLimit(size) - 1 + 9) * size).toBeLessThanOrEqual(800);
  });

  it.each(PUBLIC_LISTS)("%s at a guest's deepest page (past the end) answers 200 with an empty page", async (path) => {
    const res = await call(`${path}?pageSize=10&page=${publicPageLimit(10)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    expect(body.items).toEqual([]);
    expect(body.page).toBe(publicPageLimit(10));
  });

  it.each(PUBLIC_LISTS)("%s one page past a guest's deepest answers 400 validation_failed naming the page", async (path) => {
    const res = await call(`${path}?pageSize=10&page=${publicPageLimit(10) + 1}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.code).toBe("validation_failed");
    expect(body.errors?.page).toEqual([`Page must be at most ${publicPageLimit(10)}.`]);
  });

  it.each(PUBLIC_LISTS)("%s?page=MAX_PAGE answers 200 to a moderator (moderators page to MAX_PAGE)", async (path) => {
    const { token } = await userWithToken(["Moderator"]);
    const res = await call(`${path}?page=${MAX_PAGE}`, { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Page).page).toBe(MAX_PAGE);
  });
});

describe("totalPages of a public list", () => {
  const AUTHOR = `Deep Author ${Date.now().toString(36)}`;
  beforeAll(async () => {
    // 250 published articles by one author: more than two pages of 100.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
       INSERT INTO news_articles (title, summary, content, author, is_published, published_at)
       SELECT 'Deep ' || i, 'S', 'C', ?, 1, '2019-01-01T00:00:00.000Z' FROM n`,
    ).bind(AUTHOR).run();
  });
  afterAll(async () => {
    await env.DB.prepare("DELETE FROM news_articles WHERE author = ?").bind(AUTHOR).run();
  });

  it("GET /api/news?author=…&pageSize=100 answers 200 with totalPages at the guest's limit, the real one to a moderator", async () => {
    const query = `/api/news?author=${encodeURIComponent(AUTHOR)}&pageSize=100`;
    const guest = (await (await call(query)).json()) as Page;
    expect(guest).toMatchObject({ totalCount: 250, totalPages: publicPageLimit(100) });
    const { token } = await userWithToken(["Moderator"]);
    const moderator = (await (await call(query, { token })).json()) as Page;
    expect(moderator).toMatchObject({ totalCount: 250, totalPages: 3 });
  });
});
