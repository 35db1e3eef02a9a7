import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, linkToken, outboxFor, tokenFor, uniqueEmail, uniqueIp, userWithToken } from "./helpers";

type Json = Record<string, unknown>;
type Page = { items: Json[]; totalCount: number; page: number; pageSize: number; totalPages: number };
const body = async <T = Json>(res: Response) => (await res.json()) as T;
const put = (path: string, json: unknown, token?: string) => call(path, { method: "PUT", json, token });

let admin: Awaited<ReturnType<typeof userWithToken>>;
let moderator: Awaited<ReturnType<typeof userWithToken>>;
let member: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  admin = await userWithToken(["User", "Admin"], { email: uniqueEmail("boss"), firstName: "Ada", lastName: "Admin" });
  moderator = await userWithToken(["User", "Moderator"], { firstName: "Mo", lastName: "Derator" });
  member = await userWithToken(["User"], { firstName: "Plain", lastName: "Member" });
});

const auditRows = async (entityId: number) =>
  (
    await env.DB.prepare("SELECT user_id, action, entity_type, details FROM audit_log WHERE entity_id = ? ORDER BY id")
      .bind(String(entityId))
      .all<{ user_id: number; action: string; entity_type: string; details: string }>()
  ).results;

describe("access to /api/admin/users", () => {
  it("answers 401 for a guest and 403 for a user and a moderator on every route", async () => {
    const target = await createUser(env);
    const attempts = (token?: string) => [
      call("/api/admin/users", { token }),
      put(`/api/admin/users/${target.id}/status`, { isActive: false }, token),
      put(`/api/admin/users/${target.id}/roles`, { roles: ["Admin"] }, token),
    ];
    for (const res of await Promise.all(attempts())) expect(res.status).toBe(401);
    for (const token of [member.token, moderator.token]) {
      for (const res of await Promise.all(attempts(token))) {
        expect(res.status).toBe(403);
        expect(await body(res)).toEqual({ code: "forbidden", message: "You need administrator privileges to do this." });
      }
    }
    const row = await env.DB.prepare("SELECT is_active FROM users WHERE id = ?").bind(target.id).first<{ is_active: number }>();
    expect(row!.is_active).toBe(1);
    expect(await auditRows(target.id)).toEqual([]);
  });
});

describe("GET /api/admin/users", () => {
  it("answers the list envelope { items, totalCount, page, pageSize, totalPages } with 10 per page by default, newest first, no secrets", async () => {
    for (let i = 0; i < 9; i++) await createUser(env, { email: uniqueEmail("bulk") });
    const res = await call("/api/admin/users", { token: admin.token });
    expect(res.status).toBe(200);
    const page = await body<Page>(res);
    expect(page.items).toHaveLength(10);
    expect(page.totalCount).toBeGreaterThanOrEqual(12);
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 10));
    expect(JSON.stringify(page)).not.toMatch(/password|hash|sessionId|failedLogin|lockedUntil/i);
    const created = page.items.map((u) => u.createdAt as string);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await body<Page>(await call(`/api/admin/users?page=2&pageSize=5`, { token: admin.token }));
    expect(second.items).toHaveLength(5);
    expect(second.items[0]!.id).toBe(page.items[5]!.id);
    const beyond = await body<Page>(await call(`/api/admin/users?page=100`, { token: admin.token }));
    expect(beyond.items).toEqual([]);
  });

  it("searches first name, last name, full name and email, case-insensitively, treating % and _ literally", async () => {
    const zed = await createUser(env, { email: uniqueEmail("zebulon"), firstName: "Zebulon", lastName: "Quartz" });
    const byFirst = await body<Page>(await call("/api/admin/users?search=zEBUL", { token: admin.token }));
    expect(byFirst.items.map((u) => u.id)).toEqual([zed.id]);
    expect(byFirst.totalCount).toBe(1);
    const byFull = await body<Page>(await call(`/api/admin/users?search=${encodeURIComponent("zebulon quartz")}`, { token: admin.token }));
    expect(byFull.items.map((u) => u.id)).toEqual([zed.id]);
    const byEmail = await body<Page>(await call(`/api/admin/users?search=${encodeURIComponent(zed.email)}`, { token: admin.token }));
    expect(byEmail.items.map((u) => u.id)).toEqual([zed.id]);
    const wildcard = await body<Page>(await call("/api/admin/users?search=%25", { token: admin.token }));
    expect(wildcard.totalCount).toBe(0);
  });

  it("filters by role; '' and 'All' mean every role", async () => {
    const mods = await body<Page>(await call("/api/admin/users?role=Moderator&pageSize=100", { token: admin.token }));
    expect(mods.items.length).toBeGreaterThan(0);
    for (const u of mods.items) expect(u.roles).toContain("Moderator");
    expect(mods.items.map((u) => u.id)).toContain(moderator.id);
    const all = await body<Page>(await call("/api/admin/users?role=All", { token: admin.token }));
    const none = await body<Page>(await call("/api/admin/users?role=", { token: admin.token }));
    expect(all.totalCount).toBe(none.totalCount);
    expect(all.totalCount).toBeGreaterThan(mods.totalCount);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["pageSize=101", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["role=Superuser", "role"],
    [`search=${"x".repeat(255)}`, "search"],
  ])("answers 400 for %s", async (query, field) => {
    const res = await call(`/api/admin/users?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(Object.keys((await body(res)).errors as Json)).toEqual([field]);
  });
});

describe("PUT /api/admin/users/{id}/status", () => {
  it("deactivates (the user's token is refused at once, sign-in refused), reactivates, and audits both", async () => {
    const target = await userWithToken(["User"]);
    const off = await put(`/api/admin/users/${target.id}/status`, { isActive: false }, admin.token);
    expect(off.status).toBe(200);
    expect((await body(off)).user).toMatchObject({ id: target.id, isActive: false });
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
    const login = await call("/api/auth/login", { method: "POST", json: { email: target.email, password: target.password }, ip: "198.51.100.1" });
    expect(login.status).toBe(403);

    const on = await put(`/api/admin/users/${target.id}/status`, { isActive: true }, admin.token);
    expect((await body(on)).user).toMatchObject({ isActive: true });
    // Deactivation ended the old sessions: re-activation does not revive the old token.
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
    const audits = await auditRows(target.id);
    expect(audits).toEqual([
      { user_id: admin.id, action: "update", entity_type: "user", details: JSON.stringify({ isActive: false }) },
      { user_id: admin.id, action: "update", entity_type: "user", details: JSON.stringify({ isActive: true }) },
    ]);
  });

  it("answers 409 when an admin tries to deactivate themself, and stays active", async () => {
    const res = await put(`/api/admin/users/${admin.id}/status`, { isActive: false }, admin.token);
    expect(res.status).toBe(409);
    expect((await body(res)).message).toBe("You cannot deactivate your own account.");
    expect((await call("/api/auth/me", { token: admin.token })).status).toBe(200);
  });

  it("answers 404 for a user that does not exist and 400 for bad ids and bodies", async () => {
    const missing = await put("/api/admin/users/999999/status", { isActive: false }, admin.token);
    expect(missing.status).toBe(404);
    expect(await body(missing)).toEqual({ code: "not_found", message: "User not found." });
    for (const id of ["abc", "0", "-1", "1.5"]) {
      expect((await put(`/api/admin/users/${id}/status`, { isActive: false }, admin.token)).status).toBe(400);
    }
    const target = await createUser(env);
    for (const json of [{}, { isActive: "false" }, { isActive: 0 }, null]) {
      const res = await put(`/api/admin/users/${target.id}/status`, json, admin.token);
      expect(res.status).toBe(400);
    }
    const malformed = await call(`/api/admin/users/${target.id}/status`, {
      method: "PUT",
      token: admin.token,
      headers: { "Content-Type": "application/json" },
      body: "{isActive:false}",
    });
    expect(malformed.status).toBe(400);
    expect(await body(malformed)).toEqual({ code: "malformed_json", message: "Malformed JSON in request body." });
    expect(await auditRows(target.id)).toEqual([]);
  });
});

describe("PUT /api/admin/users/{id}/roles", () => {
  it("replaces roles (taking effect on the user's very next request) and audits before/after", async () => {
    const target = await userWithToken(["User"]);
    expect((await call("/api/admin/users", { token: target.token })).status).toBe(403);
    const grant = await put(`/api/admin/users/${target.id}/roles`, { roles: ["User", "Admin"] }, admin.token);
    expect(grant.status).toBe(200);
    expect((await body(grant)).user).toMatchObject({ roles: ["User", "Admin"] });
    expect((await call("/api/admin/users", { token: target.token })).status).toBe(200);

    const revoke = await put(`/api/admin/users/${target.id}/roles`, { roles: ["User"] }, admin.token);
    expect((await body(revoke)).user).toMatchObject({ roles: ["User"] });
    expect((await call("/api/admin/users", { token: target.token })).status).toBe(403);
    const audits = await auditRows(target.id);
    expect(audits.map((a) => JSON.parse(a.details))).toEqual([
      { before: ["User"], after: ["User", "Admin"] },
      { before: ["User", "Admin"], after: ["User"] },
    ]);
    expect(audits.every((a) => a.user_id === admin.id && a.entity_type === "user_roles")).toBe(true);
  });

  it("answers 409 when an admin removes their own Admin role, and keeps it", async () => {
    const res = await put(`/api/admin/users/${admin.id}/roles`, { roles: ["User"] }, admin.token);
    expect(res.status).toBe(409);
    expect((await body(res)).message).toBe("You cannot remove your own Admin role.");
    expect((await call("/api/admin/users", { token: admin.token })).status).toBe(200);
  });

  it.each([
    [{ roles: ["Superuser"] }],
    [{ roles: ["user"] }],
    [{ roles: [] }],
    [{ roles: ["User", "User"] }],
    [{ roles: "Admin" }],
    [{}],
  ])("answers 400 for %j and changes nothing", async (json) => {
    const target = await createUser(env);
    const res = await put(`/api/admin/users/${target.id}/roles`, json, admin.token);
    expect(res.status).toBe(400);
    for (const key of Object.keys((await body(res)).errors as Json)) expect(key).toMatch(/^roles(\.\d+)?$/);
    const roles = await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ?").bind(target.id).all<{ role: string }>();
    expect(roles.results.map((r) => r.role)).toEqual(["User"]);
    expect(await auditRows(target.id)).toEqual([]);
  });

  it("answers 404 for a user that does not exist", async () => {
    const res = await put("/api/admin/users/999999/roles", { roles: ["User"] }, admin.token);
    expect(res.status).toBe(404);
  });

  it("lets an inactive admin lose the Admin role while the only active admin cannot drop its own", async () => {
    // Make `solo` the only active admin by deactivating every other admin directly.
    const solo = await createUser(env, { roles: ["Admin"] });
    const soloToken = await tokenFor(env, solo.id);
    await env.DB.prepare(
      "UPDATE users SET is_active = 0 WHERE id IN (SELECT user_id FROM user_roles WHERE role = 'Admin') AND id != ?",
    )
      .bind(solo.id)
      .run();
    const other = await createUser(env, { roles: ["Admin"], isActive: false });
    // An inactive admin may lose the role; the active one may not lose it through itself.
    expect((await put(`/api/admin/users/${other.id}/roles`, { roles: ["User"] }, soloToken)).status).toBe(200);
    expect((await put(`/api/admin/users/${solo.id}/roles`, { roles: ["User"] }, soloToken)).status).toBe(409);
    await env.DB.prepare("UPDATE users SET is_active = 1 WHERE id = ?").bind(admin.id).run();
  });
});

describe("verification and password-reset mail sent by an admin", () => {
  const post = (path: string, token?: string) => call(path, { method: "POST", token, ip: uniqueIp() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it("shows who is verified in the list (emailConfirmed) and mails an unconfirmed member a new link (202, audited)", async () => {
    const unverified = await createUser(env, { emailConfirmed: false, email: uniqueEmail("unverified") });
    const page = await body<Page>(await call(`/api/admin/users?search=${encodeURIComponent(unverified.email)}`, { token: admin.token }));
    expect(page.items[0]).toMatchObject({ id: unverified.id, emailConfirmed: false });
    const res = await post(`/api/admin/users/${unverified.id}/verification-mail`, admin.token);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true });
    const mails = await outboxFor(unverified.email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your e-mail address for Realm Codex"]);
    expect(await auditRows(unverified.id)).toEqual([
      { user_id: admin.id, action: "update", entity_type: "user_mail", details: JSON.stringify({ sent: "verification" }) },
    ]);
    // The address's budget applies: a second one within the minute is 429.
    expect((await post(`/api/admin/users/${unverified.id}/verification-mail`, admin.token)).status).toBe(429);
    // A confirmed member: 409, nothing sent.
    const confirmed = await createUser(env);
    expect((await post(`/api/admin/users/${confirmed.id}/verification-mail`, admin.token)).status).toBe(409);
    expect(await outboxFor(confirmed.email)).toEqual([]);
  });

  it("mails a member a password reset link (202, audited) whose link works; a deactivated member is 409", async () => {
    const target = await createUser(env);
    const res = await post(`/api/admin/users/${target.id}/password-reset-mail`, admin.token);
    expect(res.status).toBe(202);
    const [mail] = await outboxFor(target.email);
    expect(mail!.subject).toBe("Reset your Realm Codex password");
    const token = linkToken(mail!.body, "/reset-password");
    expect((await call("/api/auth/reset-password/check", { method: "POST", json: { token }, ip: uniqueIp() })).status).toBe(200);
    expect((await auditRows(target.id)).map((r) => r.details)).toEqual([JSON.stringify({ sent: "password_reset" })]);
    const inactive = await createUser(env, { isActive: false });
    expect((await post(`/api/admin/users/${inactive.id}/password-reset-mail`, admin.token)).status).toBe(409);
    await settle();
    expect(await outboxFor(inactive.email)).toEqual([]);
  });

  it("answers 401 for a guest, 403 for a moderator and 404 for an unknown user", async () => {
    const target = await createUser(env, { emailConfirmed: false });
    for (const path of [`/api/admin/users/${target.id}/verification-mail`, `/api/admin/users/${target.id}/password-reset-mail`]) {
      expect((await post(path)).status).toBe(401);
      expect((await post(path, moderator.token)).status).toBe(403);
    }
    expect((await post("/api/admin/users/999999/verification-mail", admin.token)).status).toBe(404);
    expect(await outboxFor(target.email)).toEqual([]);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("deletes a member (204): their sessions end, the row is anonymised, the list no longer shows them, the deletion is audited", async () => {
    const target = await userWithToken(["User"]);
    const res = await call(`/api/admin/users/${target.id}`, { method: "DELETE", token: admin.token });
    expect(res.status).toBe(204);
    expect((await call("/api/auth/me", { token: target.token })).status).toBe(401);
    const row = await env.DB.prepare("SELECT email, deleted_at FROM users WHERE id = ?").bind(target.id).first<{ email: string; deleted_at: string | null }>();
    expect(row!.email).toBe(`deleted-${target.id}@deleted.invalid`);
    expect(row!.deleted_at).not.toBeNull();
    const page = await body<Page>(await call(`/api/admin/users?search=${encodeURIComponent(target.email)}`, { token: admin.token }));
    expect(page.totalCount).toBe(0);
    const audit = await env.DB.prepare("SELECT user_id, details FROM audit_log WHERE entity_type = 'user' AND action = 'delete' AND entity_id = ?").bind(String(target.id)).first();
    expect(audit).toEqual({ user_id: admin.id, details: JSON.stringify({ byOwner: false }) });
    // Deleted is gone: a second delete, a status or a role change are 404.
    expect((await call(`/api/admin/users/${target.id}`, { method: "DELETE", token: admin.token })).status).toBe(404);
    expect((await put(`/api/admin/users/${target.id}/status`, { isActive: true }, admin.token)).status).toBe(404);
  });

  it("refuses an admin's own account (409: that is the profile's job) and 403 for a moderator", async () => {
    expect((await call(`/api/admin/users/${admin.id}`, { method: "DELETE", token: admin.token })).status).toBe(409);
    const target = await createUser(env);
    expect((await call(`/api/admin/users/${target.id}`, { method: "DELETE", token: moderator.token })).status).toBe(403);
    expect((await call("/api/auth/me", { token: admin.token })).status).toBe(200);
  });

  it("deletes another administrator while the caller remains one (204)", async () => {
    const other = await createUser(env, { roles: ["Admin"] });
    expect((await call(`/api/admin/users/${other.id}`, { method: "DELETE", token: admin.token })).status).toBe(204);
  });
});
