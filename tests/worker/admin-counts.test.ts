/**
 * The admin reads' totals are kept by triggers in facet_counts (migration 0020): members by state
 * and per role, articles by state, audit rows per kind of record, action, both and user. Each kept
 * number must equal the real count after every kind of change (insert; is_active, deleted_at,
 * role and is_published changes; delete), through the API and straight in SQL, and the API's
 * answers (the dashboard, the member list's totals, the news list with drafts, the audit log's
 * totals and filter choices) must equal real counts. Every test makes its own rows and compares
 * whole tables, so it holds whatever other tests wrote and in whatever order they ran.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AuditFilters } from "../../shared/schemas/audit";
import { call, createUser, userWithToken } from "./helpers";

type Row = { list: string; value: string; n: number };

const all = async <T>(query: string, ...binds: unknown[]) => (await env.DB.prepare(query).bind(...binds).all<T>()).results;
const toMap = (rows: Row[]) => Object.fromEntries(rows.map((r) => [`${r.list}|${r.value}`, r.n]));

/** Every kept row of these lists, keyed `list|value`. */
const kept = async (lists: string[]) =>
  toMap(await all<Row>(`SELECT list, value, n FROM facet_counts WHERE list IN (${lists.map((l) => `'${l}'`).join(",")})`));

const MEMBER_LISTS = ["users_state", "user_role"];
const NEWS_LISTS = ["news_state"];
const AUDIT_LISTS = ["audit_entity", "audit_action", "audit_entity_action", "audit_user"];

/** Members (users not deleted) by state and per role, counted from the tables. */
const realMembers = async () =>
  toMap(
    await all<Row>(`
      SELECT 'users_state' AS list, CASE WHEN is_active = 1 THEN 'active' ELSE 'inactive' END AS value, count(*) AS n
        FROM users WHERE deleted_at IS NULL GROUP BY 2
      UNION ALL SELECT 'user_role', r.role, count(*) FROM user_roles r JOIN users u ON u.id = r.user_id
        WHERE u.deleted_at IS NULL GROUP BY r.role`),
  );

const realNews = async () =>
  toMap(
    await all<Row>(
      `SELECT 'news_state' AS list, CASE WHEN is_published = 1 THEN 'published' ELSE 'draft' END AS value, count(*) AS n FROM news_articles GROUP BY 2`,
    ),
  );

const realAudit = async () =>
  toMap(
    await all<Row>(`
      SELECT 'audit_entity' AS list, entity_type AS value, count(*) AS n FROM audit_log GROUP BY entity_type
      UNION ALL SELECT 'audit_action', action, count(*) FROM audit_log GROUP BY action
      UNION ALL SELECT 'audit_entity_action', entity_type || ':' || action, count(*) FROM audit_log GROUP BY entity_type, action
      UNION ALL SELECT 'audit_user', CAST(user_id AS TEXT), count(*) FROM audit_log WHERE user_id IS NOT NULL GROUP BY user_id`),
  );

const expectMembersKept = async () => expect(await kept(MEMBER_LISTS)).toEqual(await realMembers());
const expectNewsKept = async () => expect(await kept(NEWS_LISTS)).toEqual(await realNews());
const expectAuditKept = async () => expect(await kept(AUDIT_LISTS)).toEqual(await realAudit());

const count = async (query: string, ...binds: unknown[]) => (await all<{ n: number }>(query, ...binds))[0]!.n;

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await call(path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The dashboard's member and article totals answer 200 and equal the tables' counts. */
async function expectDashboardReal(token: string) {
  const stats = await getJson<{ users: Record<string, number>; news: Record<string, number> }>("/api/admin/dashboard/stats", token);
  expect(stats.users).toEqual({
    total: await count("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL"),
    active: await count("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL AND is_active = 1"),
    admins: await count("SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.deleted_at IS NULL AND r.role = 'Admin'"),
    moderators: await count("SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.deleted_at IS NULL AND r.role = 'Moderator'"),
  });
  const published = await count("SELECT count(*) AS n FROM news_articles WHERE is_published = 1");
  const total = await count("SELECT count(*) AS n FROM news_articles");
  expect(stats.news).toEqual({ total, published, drafts: total - published });
}

type Paged = { totalCount: number; totalPages: number; items?: unknown[] };

/** The member list's totals (unfiltered, per role, with a search) answer 200 and equal the tables' counts. */
async function expectMemberListReal(token: string, search: string) {
  const members = await count("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL");
  const list = await getJson<Paged>("/api/admin/users?pageSize=5", token);
  expect(list.totalCount).toBe(members);
  expect(list.totalPages).toBe(Math.ceil(members / 5));
  for (const role of ["Admin", "Moderator", "User"]) {
    const real = await count(
      "SELECT count(*) AS n FROM users u WHERE u.deleted_at IS NULL AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = ?1)",
      role,
    );
    expect((await getJson<Paged>(`/api/admin/users?role=${role}`, token)).totalCount, role).toBe(real);
  }
  const found = await count(
    "SELECT count(*) AS n FROM users WHERE deleted_at IS NULL AND (lower(email) LIKE ?1 OR lower(first_name) LIKE ?1 OR lower(last_name) LIKE ?1)",
    `%${search.toLowerCase()}%`,
  );
  expect((await getJson<Paged>(`/api/admin/users?search=${search}`, token)).totalCount).toBe(found);
}

const putStatus = (token: string, id: number, isActive: boolean) => call(`/api/admin/users/${id}/status`, { method: "PUT", token, json: { isActive } });
const putRoles = (token: string, id: number, roles: string[]) => call(`/api/admin/users/${id}/roles`, { method: "PUT", token, json: { roles } });

describe("kept member totals (users_state, user_role)", () => {
  it("equal the real counts after inserts, (de)activation, role changes, soft and hard deletes straight in SQL", async () => {
    const a = await createUser(env, { roles: ["User", "Moderator"] });
    const b = await createUser(env, { roles: ["User"], isActive: false });
    await expectMembersKept();
    await env.DB.prepare("UPDATE users SET is_active = 1 - is_active WHERE id IN (?1, ?2)").bind(a.id, b.id).run();
    await expectMembersKept();
    await env.DB.prepare("UPDATE user_roles SET role = 'Admin' WHERE user_id = ?1 AND role = 'Moderator'").bind(a.id).run();
    await expectMembersKept();
    await env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?1, 'Moderator')").bind(b.id).run();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role = 'User'").bind(a.id).run();
    await expectMembersKept();
    // A soft delete that keeps the roles takes them out of the member counts; undoing it puts them back.
    await env.DB.prepare("UPDATE users SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = ?1").bind(a.id).run();
    await expectMembersKept();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role = 'Admin'").bind(a.id).run();
    await expectMembersKept();
    await env.DB.prepare("UPDATE users SET deleted_at = NULL WHERE id = ?1").bind(a.id).run();
    await expectMembersKept();
    // A hard delete cascades to the roles.
    await env.DB.prepare("DELETE FROM users WHERE id = ?1").bind(b.id).run();
    expect(await count("SELECT count(*) AS n FROM user_roles WHERE user_id = ?1", b.id)).toBe(0);
    await expectMembersKept();
    await env.DB.prepare("DELETE FROM users WHERE id = ?1").bind(a.id).run();
    await expectMembersKept();
  });

  it("count roles that arrive before their member (a restore inserts user_roles before users)", async () => {
    const id = (await count("SELECT coalesce(max(id), 0) + 1000 AS n FROM users")) + Math.floor(Math.random() * 1000);
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
      env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?1, 'Moderator'), (?1, 'User')").bind(id),
      env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?1, ?2, '!')").bind(id, `restored-${id}@example.com`),
    ]);
    await expectMembersKept();
  });

  it("GET /api/admin/users and /api/admin/dashboard/stats answer 200 with the real totals after API status, role and account deletes", async () => {
    const admin = await userWithToken(["Admin"], { firstName: "Kept", lastName: "Counter" });
    const target = await createUser(env, { roles: ["User"], firstName: "Keptsearch", lastName: "Target" });
    const other = await createUser(env, { roles: ["User"], firstName: "Keptsearch", lastName: "Other" });
    await expectMembersKept();
    await expectMemberListReal(admin.token, "keptsearch");
    await expectDashboardReal(admin.token);
    expect((await putStatus(admin.token, target.id, false)).status).toBe(200);
    await expectMembersKept();
    await expectMemberListReal(admin.token, "keptsearch");
    expect((await putRoles(admin.token, target.id, ["User", "Moderator"])).status).toBe(200);
    expect((await putRoles(admin.token, other.id, ["User", "Admin"])).status).toBe(200);
    await expectMembersKept();
    await expectDashboardReal(admin.token);
    expect((await putRoles(admin.token, other.id, ["User"])).status).toBe(200);
    expect((await putStatus(admin.token, target.id, true)).status).toBe(200);
    await expectMembersKept();
    await expectMemberListReal(admin.token, "keptsearch");
    expect((await call(`/api/admin/users/${target.id}`, { method: "DELETE", token: admin.token })).status).toBe(204);
    await expectMembersKept();
    await expectMemberListReal(admin.token, "keptsearch");
    await expectDashboardReal(admin.token);
  });
});

describe("kept article totals (news_state)", () => {
  const article = (isPublished: boolean) => ({ title: "Kept state", summary: "S", content: "C", author: "State Counter", tags: [], isPublished });

  /** The news list with drafts (status all and draft) answers 200 with the tables' counts. */
  async function expectNewsListReal(token: string) {
    const total = await count("SELECT count(*) AS n FROM news_articles");
    const drafts = await count("SELECT count(*) AS n FROM news_articles WHERE is_published = 0");
    const everything = await getJson<Paged>("/api/news?status=all&pageSize=5", token);
    expect([everything.totalCount, everything.totalPages]).toEqual([total, Math.ceil(total / 5)]);
    expect((await getJson<Paged>("/api/news?status=draft", token)).totalCount).toBe(drafts);
  }

  it("equal the real counts after inserts, publishing, unpublishing and deletes straight in SQL", async () => {
    const insert = (published: number) =>
      env.DB.prepare("INSERT INTO news_articles (title, summary, content, author, is_published) VALUES ('Kept SQL', 'S', 'C', 'Sql Counter', ?1) RETURNING id")
        .bind(published)
        .first<{ id: number }>();
    const draft = (await insert(0))!.id;
    const published = (await insert(1))!.id;
    await expectNewsKept();
    await env.DB.prepare("UPDATE news_articles SET is_published = 1 - is_published WHERE id IN (?1, ?2)").bind(draft, published).run();
    await expectNewsKept();
    await env.DB.prepare("DELETE FROM news_articles WHERE id = ?1").bind(draft).run();
    await expectNewsKept();
    await env.DB.prepare("DELETE FROM news_articles WHERE id = ?1").bind(published).run();
    await expectNewsKept();
  });

  it("GET /api/news?status=all|draft and the dashboard answer 200 with the real totals after API writes", async () => {
    const moderator = await userWithToken(["Moderator"]);
    await expectNewsListReal(moderator.token);
    const ids: number[] = [];
    for (const isPublished of [true, false, false]) {
      const res = await call("/api/news", { method: "POST", token: moderator.token, json: article(isPublished) });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    await expectNewsKept();
    await expectNewsListReal(moderator.token);
    await expectDashboardReal(moderator.token);
    expect((await call(`/api/news/${ids[1]}`, { method: "PUT", token: moderator.token, json: article(true) })).status).toBe(200);
    expect((await call(`/api/news/${ids[0]}`, { method: "PUT", token: moderator.token, json: article(false) })).status).toBe(200);
    await expectNewsKept();
    await expectNewsListReal(moderator.token);
    expect((await call(`/api/news/${ids[2]}`, { method: "DELETE", token: moderator.token })).status).toBe(204);
    await expectNewsKept();
    await expectNewsListReal(moderator.token);
    await expectDashboardReal(moderator.token);
  });
});

describe("kept audit counts (audit_entity, audit_action, audit_entity_action, audit_user)", () => {
  it("equal the real counts after inserts through the API and straight in SQL; UPDATE, DELETE and REPLACE stay refused", async () => {
    const admin = await userWithToken(["Admin"]);
    const target = await createUser(env);
    await expectAuditKept();
    expect((await putStatus(admin.token, target.id, false)).status).toBe(200);
    expect((await putRoles(admin.token, target.id, ["User", "Moderator"])).status).toBe(200);
    await expectAuditKept();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO audit_log (user_id, action, entity_type, entity_id) VALUES (?1, 'create', 'kept_sql', '1')").bind(admin.id),
      env.DB.prepare("INSERT INTO audit_log (user_id, action, entity_type, entity_id) VALUES (NULL, 'delete', 'kept_sql', '2')"),
    ]);
    await expectAuditKept();
    // The log is append-only: no change or delete reaches a row, so no count moves.
    const before = await kept(AUDIT_LISTS);
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'update' WHERE entity_type = 'kept_sql'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE entity_type = 'kept_sql'").run()).rejects.toThrow(/append-only/);
    // REPLACE of an existing row would drop it unseen by the delete trigger and count the new one on
    // top (migration 0024 refuses it before the insert).
    const replaced = await count("SELECT min(id) AS n FROM audit_log WHERE entity_type = 'kept_sql'");
    await expect(
      env.DB.prepare("INSERT OR REPLACE INTO audit_log (id, user_id, action, entity_type, entity_id) VALUES (?1, NULL, 'update', 'kept_replaced', '1')").bind(replaced).run(),
    ).rejects.toThrow(/append-only/);
    expect(await kept(AUDIT_LISTS)).toEqual(before);
    await expectAuditKept();
  });

  it("GET /api/audit's totals and GET /api/audit/filters answer 200 with the real counts", async () => {
    const admin = await userWithToken(["Admin"], { firstName: "Audit", lastName: "Counter" });
    const target = await createUser(env);
    expect((await putStatus(admin.token, target.id, false)).status).toBe(200);
    expect((await putStatus(admin.token, target.id, true)).status).toBe(200);
    await env.DB.prepare("INSERT INTO audit_log (user_id, action, entity_type, entity_id) VALUES (?1, 'delete', 'kept_api', '7')").bind(admin.id).run();

    const total = async (query: string) => (await getJson<Paged>(`/api/audit${query}`, admin.token)).totalCount;
    expect(await total("")).toBe(await count("SELECT count(*) AS n FROM audit_log"));
    expect(await total("?entityType=user")).toBe(await count("SELECT count(*) AS n FROM audit_log WHERE entity_type = 'user'"));
    expect(await total("?action=update")).toBe(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'update'"));
    expect(await total("?entityType=kept_api&action=delete")).toBe(1);
    expect(await total("?entityType=user&action=update")).toBe(await count("SELECT count(*) AS n FROM audit_log WHERE entity_type = 'user' AND action = 'update'"));
    expect(await total(`?user=${admin.id}`)).toBe(3);
    expect(await total(`?user=${admin.id}&entityType=user`)).toBe(2);
    expect(await total(`?entityType=user&entityId=${target.id}`)).toBe(2);
    expect(await total("?entityType=never_written")).toBe(0);

    const filters = await getJson<AuditFilters>("/api/audit/filters", admin.token);
    expect(filters.entityTypes).toEqual(await all("SELECT entity_type AS value, count(*) AS count FROM audit_log GROUP BY entity_type ORDER BY entity_type"));
    expect(filters.actions).toEqual(await all("SELECT action AS value, count(*) AS count FROM audit_log GROUP BY action ORDER BY action"));
    const people = await all<{ id: number; count: number }>(
      "SELECT a.user_id AS id, count(*) AS count FROM audit_log a JOIN users u ON u.id = a.user_id GROUP BY a.user_id ORDER BY a.user_id",
    );
    expect(filters.users.map(({ id, count }) => ({ id, count })).sort((x, y) => x.id - y.id)).toEqual(people);
    expect(filters.users.find((u) => u.id === admin.id)).toMatchObject({ name: "Audit Counter", count: 3 });
  });
});
