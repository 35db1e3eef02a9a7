import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, uniqueEmail, userWithToken } from "./helpers";

type Stats = {
  users: { total: number; active: number; admins: number; moderators: number };
  news: { total: number; published: number; drafts: number };
  recentActivity: { users: Record<string, unknown>[]; news: Record<string, unknown>[] };
};

describe("GET /api/admin/dashboard/stats", () => {
  it("answers 401 for a guest and 403 for a plain user", async () => {
    expect((await call("/api/admin/dashboard/stats")).status).toBe(401);
    const u = await userWithToken(["User"]);
    const res = await call("/api/admin/dashboard/stats", { token: u.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "forbidden", message: "You need moderator privileges to do this." });
  });

  it("answers 200 with counts and recent activity for a moderator and an admin (e-mails for the admin only)", async () => {
    const mod = await userWithToken(["User", "Moderator"]);
    const admin = await userWithToken(["User", "Admin", "Moderator"]);
    // Counts before this test's rows (other tests of this file may have run first).
    const before = (await (await call("/api/admin/dashboard/stats", { token: admin.token })).json()) as Stats;
    await createUser(env, { isActive: false, email: uniqueEmail("inactive") });
    const newest = await createUser(env, { email: uniqueEmail("newest"), firstName: "Newest", lastName: "Member" });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Pub', 's', 'c', 'Ann', 1)"),
      env.DB.prepare("INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Draft', 's', 'c', 'Bob', 0)"),
    ]);
    for (const token of [mod.token, admin.token]) {
      const res = await call("/api/admin/dashboard/stats", { token });
      expect(res.status).toBe(200);
      const stats = (await res.json()) as Stats;
      // Two more users (the inactive one and the newest), one of them active; two articles.
      expect(stats.users).toEqual({ ...before.users, total: before.users.total + 2, active: before.users.active + 1 });
      expect(stats.news).toEqual({
        total: before.news.total + 2,
        published: before.news.published + 1,
        drafts: before.news.drafts + 1,
      });
      expect(stats.recentActivity.users[0]).toEqual({
        id: newest.id,
        firstName: "Newest",
        lastName: "Member",
        // E-mail addresses go to administrators only.
        email: token === admin.token ? newest.email : null,
        createdAt: expect.any(String),
      });
      expect(stats.recentActivity.news.map((n) => n.title).sort()).toEqual(["Draft", "Pub"]);
      expect(Object.keys(stats.recentActivity.news[0]!).sort()).toEqual(["author", "createdAt", "id", "isPublished", "title"]);
      expect(JSON.stringify(stats)).not.toMatch(/password|hash/i);
    }
  });
});
