/**
 * The member's own account (/api/account/*): the sessions list and signing out one or all the
 * others, the data export, and deleting the account (content stays, by "Deleted member").
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { deleteAccount } from "../../worker/db/queries/account";
import { call, createUser, outboxFor, signIn, tokenFor, uniqueIp, userWithToken, waitForOutbox } from "./helpers";

type SessionInfo = { id: string; browser: string; os: string; createdAt: string; lastSeenAt: string; current: boolean };

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in through the API with a User-Agent; returns the token. */
async function signInAs(email: string, password: string, userAgent: string) {
  const res = await call("/api/auth/login", { method: "POST", json: { email, password }, ip: uniqueIp(), headers: { "User-Agent": userAgent } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const sessionsOf = async (token: string) => {
  const res = await call("/api/account/sessions", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: SessionInfo[] }).items;
};

describe("GET /api/account/sessions", () => {
  it("lists the active sessions with browser and system from the User-Agent, sign-in and last-use times, and marks this device", async () => {
    const u = await createUser(env);
    const laptop = await signInAs(u.email, u.password, FIREFOX_WINDOWS);
    const phone = await signInAs(u.email, u.password, SAFARI_IPHONE);
    // An ended session is not listed.
    const ended = await signInAs(u.email, u.password, FIREFOX_WINDOWS);
    expect((await call("/api/auth/logout", { method: "POST", token: ended })).status).toBe(204);

    const items = await sessionsOf(phone);
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.current)!;
    const other = items.find((s) => !s.current)!;
    expect(current).toMatchObject({ browser: "Safari 18", os: "iOS 18.1" });
    expect(other).toMatchObject({ browser: "Firefox 133", os: "Windows" });
    for (const s of items) {
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
    expect((await sessionsOf(laptop)).find((s) => s.current)!.browser).toBe("Firefox 133");
    expect(JSON.stringify(items)).not.toMatch(/userAgent|ipAddress|Mozilla/);
  });

  it("answers 401 for a guest and never lists another member's sessions", async () => {
    expect((await call("/api/account/sessions")).status).toBe(401);
    const a = await userWithToken();
    const b = await userWithToken();
    const ids = (await sessionsOf(a.token)).map((s) => s.id);
    expect(ids).toHaveLength(1);
    expect((await sessionsOf(b.token)).map((s) => s.id)).not.toContain(ids[0]);
  });
});

describe("signing sessions out", () => {
  it("DELETE /api/account/sessions/{id} signs out that session (204; its token is 401 at once) and keeps this one", async () => {
    const u = await createUser(env);
    const here = await signIn(u.email, u.password);
    const there = await signIn(u.email, u.password);
    const target = (await sessionsOf(here)).find((s) => !s.current)!;
    expect((await call(`/api/account/sessions/${target.id}`, { method: "DELETE", token: here })).status).toBe(204);
    expect((await call("/api/auth/me", { token: there })).status).toBe(401);
    expect((await call("/api/auth/me", { token: here })).status).toBe(200);
    // Gone from the list; a second sign-out of it is 404.
    expect((await sessionsOf(here)).map((s) => s.id)).not.toContain(target.id);
    expect((await call(`/api/account/sessions/${target.id}`, { method: "DELETE", token: here })).status).toBe(404);
  });

  it("answers 404 for another member's session, an unknown id and a malformed id, and signs nothing out", async () => {
    const a = await userWithToken();
    const b = await userWithToken();
    const bSession = (await sessionsOf(b.token))[0]!.id;
    for (const id of [bSession, crypto.randomUUID(), "not-a-session", "1"]) {
      const res = await call(`/api/account/sessions/${id}`, { method: "DELETE", token: a.token });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
    expect((await call("/api/auth/me", { token: b.token })).status).toBe(200);
  });

  it("POST /api/account/sessions/sign-out-others ends every other session (200 with the count) and keeps this one", async () => {
    const u = await createUser(env);
    const others = [await tokenFor(env, u.id), await tokenFor(env, u.id)];
    const here = await tokenFor(env, u.id);
    const res = await call("/api/account/sessions/sign-out-others", { method: "POST", token: here });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 2 });
    for (const token of others) expect((await call("/api/auth/me", { token })).status).toBe(401);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);
  });
});

describe("GET /api/account/export", () => {
  it("downloads the profile, every session (with agent and address) and the member's own audit-log actions, nobody else's", async () => {
    const mod = await createUser(env, { roles: ["Moderator"], firstName: "Exa", lastName: "Porter" });
    const token = await signInAs(mod.email, mod.password, FIREFOX_WINDOWS);
    const created = await call("/api/news", {
      method: "POST",
      token,
      json: { title: "Export me", summary: "s", content: "c", author: "Exa Porter", tags: [], isPublished: false },
    });
    expect(created.status).toBe(201);
    const articleId = ((await created.json()) as { id: number }).id;
    // Another moderator's action is not in it.
    const other = await userWithToken(["Moderator"]);
    expect((await call("/api/news", { method: "POST", token: other.token, json: { title: "Not mine", summary: "s", content: "c", author: "X", tags: [], isPublished: false } })).status).toBe(201);

    const res = await call("/api/account/export", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="realm-codex-account-${mod.id}.json"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = (await res.json()) as {
      exportedAt: string;
      profile: Record<string, unknown>;
      sessions: { userAgent: string | null; ipAddress: string | null; revokedAt: string | null }[];
      auditLog: { action: string; entityType: string; entityId: string; details: unknown }[];
    };
    expect(data.profile).toMatchObject({ id: mod.id, email: mod.email, firstName: "Exa", lastName: "Porter", roles: ["Moderator"] });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ userAgent: FIREFOX_WINDOWS, revokedAt: null });
    expect(data.sessions[0]!.ipAddress).toMatch(/^10\./);
    expect(data.auditLog).toEqual([expect.objectContaining({ action: "create", entityType: "news", entityId: String(articleId) })]);
    expect(typeof data.auditLog[0]!.details).toBe("object");
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);
  });
});

describe("GET /api/account/stats", () => {
  it("counts what the member wrote, uploaded and changed from the records themselves, with the day they joined", async () => {
    const mod = await userWithToken(["Moderator"]);
    const fresh = (await (await call("/api/account/stats", { token: mod.token })).json()) as Record<string, unknown>;
    const joined = await env.DB.prepare("SELECT created_at AS at FROM users WHERE id = ?1").bind(mod.id).first<{ at: string }>();
    expect(fresh).toEqual({ articlesWritten: 0, mediaUploaded: 0, editsMade: 0, memberSince: joined!.at });

    // Two articles (one a draft), then an edit of one: three audited changes.
    const post = (title: string) =>
      call("/api/news", { method: "POST", token: mod.token, json: { title, summary: "s", content: "c", author: "Me", tags: [], isPublished: title !== "Draft" } });
    const first = (await (await post("Counted")).json()) as { id: number; updatedAt: string };
    expect((await post("Draft")).status).toBe(201);
    const edited = await call(`/api/news/${first.id}`, { method: "PUT", token: mod.token, json: { title: "Counted, edited", summary: "s", content: "c", author: "Me", tags: [], isPublished: true } });
    expect(edited.status).toBe(200);
    // An upload (media items record their uploader), and someone else's article that is not theirs.
    await env.DB.prepare("INSERT INTO media_items (title, media_type, original_url, uploaded_by) VALUES ('Mine', 'image', 'https://cdn.example.com/m.jpg', ?1)").bind(mod.id).run();
    const other = await userWithToken(["Moderator"]);
    expect((await call("/api/news", { method: "POST", token: other.token, json: { title: "Theirs", summary: "s", content: "c", author: "X", tags: [], isPublished: true } })).status).toBe(201);

    const res = await call("/api/account/stats", { token: mod.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ articlesWritten: 2, mediaUploaded: 1, editsMade: 3, memberSince: joined!.at });
  });

  it("answers 401 to a guest", async () => {
    expect((await call("/api/account/stats")).status).toBe(401);
  });
});

describe("POST /api/account/delete", () => {
  const remove = (token: string, password: string) => call("/api/account/delete", { method: "POST", token, json: { password }, ip: uniqueIp() });

  it("refuses a wrong password (400 on the field) and changes nothing", async () => {
    const u = await userWithToken();
    const res = await remove(u.token, "Wrong#Pass1");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation_failed", errors: { password: ["Your password is incorrect."] } });
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
  });

  it("deletes with the right password (204): sessions end, the address is free, content stays by 'Deleted member'", async () => {
    const mod = await createUser(env, { roles: ["Moderator"], firstName: "Dana", lastName: "Gone" });
    const token = await signIn(mod.email, mod.password);
    const other = await signIn(mod.email, mod.password);
    const own = await call("/api/news", {
      method: "POST",
      token,
      json: { title: "Written by Dana", summary: "s", content: "c", author: "Dana Gone", tags: [], isPublished: true },
    });
    const byline = await call("/api/news", {
      method: "POST",
      token,
      json: { title: "Team post", summary: "s", content: "c", author: "The Team", tags: [], isPublished: true },
    });
    const [ownId, teamId] = [((await own.json()) as { id: number }).id, ((await byline.json()) as { id: number }).id];

    expect((await remove(token, mod.password)).status).toBe(204);
    for (const t of [token, other]) expect((await call("/api/auth/me", { token: t })).status).toBe(401);
    expect((await call("/api/auth/login", { method: "POST", json: { email: mod.email, password: mod.password }, ip: uniqueIp() })).status).toBe(401);

    const row = await env.DB.prepare("SELECT email, first_name, last_name, password_hash, is_active, deleted_at FROM users WHERE id = ?").bind(mod.id).first();
    expect(row).toMatchObject({ email: `deleted-${mod.id}@deleted.invalid`, first_name: "", last_name: "", password_hash: "!", is_active: 0 });
    expect(row!.deleted_at).not.toBeNull();
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM sessions WHERE user_id = ?1) AS sessions, (SELECT count(*) FROM user_roles WHERE user_id = ?1) AS roles",
    )
      .bind(mod.id)
      .first();
    expect(left).toEqual({ sessions: 0, roles: 0 });

    // The articles stay; the one signed with the member's name now reads "Deleted member".
    const article = (await (await call(`/api/news/${ownId}`)).json()) as { author: string };
    expect(article.author).toBe("Deleted member");
    expect(((await (await call(`/api/news/${teamId}`)).json()) as { author: string }).author).toBe("The Team");
    const admin = await userWithToken(["Admin"]);
    const history = (await (await call(`/api/history?entity=news&id=${ownId}`, { token: admin.token })).json()) as { items: { user: { id: number; name: string } }[] };
    expect(history.items.at(-1)!.user).toEqual({ id: mod.id, name: "Deleted member" });
    // Not in the admin list any more; the address can register again.
    const list = (await (await call(`/api/admin/users?search=${encodeURIComponent(mod.email)}`, { token: admin.token })).json()) as { totalCount: number };
    expect(list.totalCount).toBe(0);
    const again = await call("/api/auth/register", { method: "POST", ip: uniqueIp(), json: { email: mod.email, password: "Again!Pass1", firstName: "D", lastName: "G" } });
    expect(again.status).toBe(202);
    expect(await signIn(mod.email, "Again!Pass1")).toEqual(expect.any(String));
    const audit = await env.DB.prepare("SELECT user_id, details FROM audit_log WHERE entity_type = 'user' AND entity_id = ? AND action = 'delete'").bind(String(mod.id)).first();
    expect(audit).toEqual({ user_id: mod.id, details: JSON.stringify({ byOwner: true }) });
  });

  it("takes every mail to the address out of the outbox, sent or waiting, and only that address's", async () => {
    const u = await userWithToken();
    const neighbour = await createUser(env);
    const forgot = (email: string) => call("/api/auth/forgot-password", { method: "POST", json: { email }, ip: uniqueIp() });
    expect((await forgot(u.email)).status).toBe(202);
    expect((await forgot(neighbour.email)).status).toBe(202);
    const [sent] = await waitForOutbox(u.email);
    await waitForOutbox(neighbour.email);
    await env.DB.prepare("UPDATE email_outbox SET sent_at = ? WHERE id = ?").bind(new Date().toISOString(), sent!.id).run();
    await env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES (?, 'waiting', 'b')").bind(u.email).run();
    expect(await outboxFor(u.email)).toHaveLength(2);

    expect((await remove(u.token, u.password)).status).toBe(204);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?").bind(u.email).first()).toEqual({ n: 0 });
    expect(await outboxFor(neighbour.email)).toHaveLength(1);
  });

  it("refuses the last active administrator (409) and deletes an admin once another one exists (204)", async () => {
    // This file's database may hold other admins: make this one the only active admin.
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id IN (SELECT user_id FROM user_roles WHERE role = 'Admin')").run();
    const admin = await userWithToken(["Admin"]);
    const refused = await remove(admin.token, admin.password);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "conflict" });
    expect((await call("/api/auth/me", { token: admin.token })).status).toBe(200);
    await createUser(env, { roles: ["Admin"] });
    expect((await remove(admin.token, admin.password)).status).toBe(204);
  });

  it("the query writes nothing when it refuses (no anonymising, no audit row, sessions kept)", async () => {
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id IN (SELECT user_id FROM user_roles WHERE role = 'Admin')").run();
    const admin = await userWithToken(["Admin"]);
    await env.DB.prepare("INSERT INTO email_outbox (to_address, subject, body) VALUES (?, 's', 'b')").bind(admin.email).run();
    const refused = await deleteAccount(openDatabase(env.DB), admin.id, { id: admin.id, email: admin.email, accountKey: "k", displayName: "Test User" });
    expect(refused).toBe(false);
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM audit_log WHERE entity_type = 'user' AND entity_id = ?1) AS audits, (SELECT count(*) FROM sessions WHERE user_id = ?2) AS sessions, (SELECT deleted_at FROM users WHERE id = ?2) AS deleted, (SELECT count(*) FROM email_outbox WHERE to_address = ?3) AS mails",
    )
      .bind(String(admin.id), admin.id, admin.email)
      .first();
    expect(counts).toEqual({ audits: 0, sessions: 1, deleted: null, mails: 1 });
  });
});
