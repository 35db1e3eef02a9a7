/**
 * The published-news total is kept by triggers (list_counts, migration 0013) so /api/news reads
 * one row for it instead of counting every article: it must equal the real count through
 * inserts, publishing, unpublishing and deletes, through the API and straight in SQL.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, userWithToken } from "./helpers";

const realCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM news_articles WHERE is_published = 1").first<{ n: number }>())!.n;
const listed = async () => ((await (await call("/api/news")).json()) as { totalCount: number }).totalCount;

describe("kept total of published news", () => {
  it("GET /api/news answers 200 with the real total after every kind of change", async () => {
    const { token } = await userWithToken(["Moderator"]);
    expect(await listed()).toBe(await realCount());
    const ids: number[] = [];
    for (const isPublished of [true, true, false]) {
      const res = await call("/api/news", { method: "POST", token, json: { title: "Counted", summary: "S", content: "C", author: "A", tags: [], isPublished } });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    expect(await listed()).toBe(await realCount());
    expect(await listed()).toBeGreaterThanOrEqual(2);
    // Publish the draft, unpublish one, delete one, all through the API.
    expect((await call(`/api/news/${ids[2]}`, { method: "PUT", token, json: { title: "Counted", summary: "S", content: "C", author: "A", tags: [], isPublished: true } })).status).toBe(200);
    expect((await call(`/api/news/${ids[0]}`, { method: "PUT", token, json: { title: "Counted", summary: "S", content: "C", author: "A", tags: [], isPublished: false } })).status).toBe(200);
    expect((await call(`/api/news/${ids[1]}`, { method: "DELETE", token })).status).toBeLessThan(300);
    expect(await listed()).toBe(await realCount());
    // Straight in SQL (a restore, the seed): the triggers still hold.
    await env.DB.prepare("UPDATE news_articles SET is_published = 1 - is_published").run();
    await env.DB.prepare("INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('SQL', 'S', 'C', 'A', 1)").run();
    expect(await listed()).toBe(await realCount());
  });
});
