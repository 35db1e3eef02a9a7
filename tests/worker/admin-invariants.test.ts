/**
 * The last-admin rule holds under concurrency: it is a condition of the write itself, so two
 * admins demoting or deactivating each other at the same moment never leave the site without
 * an active administrator. (Storage is isolated per test file; each test starts with no admin.)
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { setUserActive, setUserRoles } from "../../worker/db/queries/admin-users";
import { call, userWithToken } from "./helpers";

const activeAdmins = async () =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.role = 'Admin' AND u.is_active = 1",
  ).first<{ n: number }>())!.n;

const putRoles = (token: string, id: number, roles: string[]) => call(`/api/admin/users/${id}/roles`, { method: "PUT", token, json: { roles } });
const putStatus = (token: string, id: number, isActive: boolean) => call(`/api/admin/users/${id}/status`, { method: "PUT", token, json: { isActive } });

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM user_roles WHERE role = 'Admin'").run();
});

describe("last-admin rule under concurrency", () => {
  it("two admins demoting each other at once: one 200, one 409 LAST_ADMIN; one active admin remains (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      await env.DB.prepare("DELETE FROM user_roles WHERE role = 'Admin'").run();
      const a = await userWithToken(["Admin"]);
      const b = await userWithToken(["Admin"]);
      const [ra, rb] = await Promise.all([putRoles(a.token, b.id, ["User"]), putRoles(b.token, a.id, ["User"])]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect(await loser.json()).toMatchObject({ code: "conflict", message: "The site needs at least one active administrator." });
      expect(await activeAdmins()).toBe(1);
    }
  });

  it("two admins deactivating each other at once leave one active admin (the other answer is 409, or 401 once its session was ended)", async () => {
    for (let round = 0; round < 5; round++) {
      await env.DB.prepare("DELETE FROM user_roles WHERE role = 'Admin'").run();
      const a = await userWithToken(["Admin"]);
      const b = await userWithToken(["Admin"]);
      const statuses = (await Promise.all([putStatus(a.token, b.id, false), putStatus(b.token, a.id, false)])).map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it("one admin demoting the other while that one deactivates the first leaves one active admin", async () => {
    for (let round = 0; round < 5; round++) {
      await env.DB.prepare("DELETE FROM user_roles WHERE role = 'Admin'").run();
      const a = await userWithToken(["Admin"]);
      const b = await userWithToken(["Admin"]);
      await Promise.all([putRoles(a.token, b.id, ["User"]), putStatus(b.token, a.id, false)]);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it("the query refuses (false) and writes nothing — no role change, no audit row — when no other active admin exists", async () => {
    const db = openDatabase(env.DB);
    const a = await userWithToken(["Admin", "Moderator"]);
    const auditBefore = (await env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())!.n;
    expect(await setUserRoles(db, a.id, a.id, ["Moderator", "Admin"], ["User"])).toBe(false);
    expect(await setUserActive(db, a.id, a.id, false)).toBe(false);
    const roles = await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role").bind(a.id).all<{ role: string }>();
    expect(roles.results.map((r) => r.role)).toEqual(["Admin", "Moderator"]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())!.n).toBe(auditBefore);
    expect(await activeAdmins()).toBe(1);
  });

  it("parallel calls of the query itself: exactly one of two mutual demotions succeeds", async () => {
    const db = openDatabase(env.DB);
    const a = await userWithToken(["Admin"]);
    const b = await userWithToken(["Admin"]);
    const results = await Promise.all([setUserRoles(db, a.id, b.id, ["Admin"], ["User"]), setUserRoles(db, b.id, a.id, ["Admin"], ["User"])]);
    expect(results.sort()).toEqual([false, true]);
    expect(await activeAdmins()).toBe(1);
  });
});
