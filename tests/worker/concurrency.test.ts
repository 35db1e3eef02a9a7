/**
 * Invariants under parallel requests, beyond the ones the focused files already prove
 * (account-security: 20 wrong passwords at once are ≤ 5 checks; admin-invariants: two admins
 * demoting each other; session-refresh: two tabs refreshing one token). Here: parallel creates of
 * one unique value (one 201, the rest 409 in the envelope, never a 500), parallel registrations
 * of one address (all the same 202, one account), a ring of admins all
 * demoting their neighbour at once, many right-password sign-ins at once, and a burst of
 * refreshes from several tabs.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, DEFAULT_PASSWORD, tokenFor, uniqueEmail, uniqueIp, userWithToken } from "./helpers";
import { unique } from "./game-fixtures";

const PARALLEL = 8;

type Envelope = { code?: string; message?: string };

/** Sends `PARALLEL` copies of one request at once; returns statuses and bodies. */
async function burst(path: string, init: { method: string; token?: string; json: unknown }) {
  const responses = await Promise.all(Array.from({ length: PARALLEL }, () => call(path, { ...init, ip: uniqueIp() })));
  return Promise.all(responses.map(async (res) => ({ status: res.status, body: (await res.json()) as Envelope })));
}

/** Exactly one 201 and every other answer 409 `conflict` in the envelope. */
function expectOneCreated(results: { status: number; body: Envelope }[]) {
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([201, ...Array<number>(PARALLEL - 1).fill(409)]);
  for (const r of results.filter((x) => x.status === 409)) {
    expect(r.body.code).toBe("conflict");
    expect(typeof r.body.message).toBe("string");
  }
}

describe(`${PARALLEL} parallel creates of the same unique value: one 201, the rest 409 conflict`, () => {

  it("game-info articles with one slug", async () => {
    const { token } = await userWithToken(["User", "Moderator"]);
    const slug = `race-${Date.now().toString(36)}`;
    const results = await burst("/api/gameinfo", {
      method: "POST",
      token,
      json: { title: "Racing guide", slug, category: "Guides", content: "Who comes first." },
    });
    expectOneCreated(results);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM game_info_articles WHERE slug = ?1").bind(slug).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("media categories with one slug", async () => {
    const { token } = await userWithToken(["User", "Admin"]);
    const slug = `race-${Date.now().toString(36)}`;
    const results = await burst("/api/media/categories", {
      method: "POST",
      token,
      json: { name: unique("Race category"), description: "", slug, color: "#3B82F6", iconUrl: "", sortOrder: 1, isActive: true },
    });
    expectOneCreated(results);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM media_categories WHERE slug = ?1").bind(slug).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("factions with one name", async () => {
    const { token } = await userWithToken(["User", "Moderator"]);
    const name = unique("Race faction");
    const results = await burst("/api/faction", { method: "POST", token, json: { name, alignment: "Neutral", description: "First come." } });
    expectOneCreated(results);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM factions WHERE name = ?1").bind(name).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("spells with one name", async () => {
    const { token } = await userWithToken(["User", "Moderator"]);
    const name = unique("Race spell");
    const results = await burst("/api/spell", { method: "POST", token, json: { name, description: "Fast.", school: "Fire", level: 1 } });
    expectOneCreated(results);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM spells WHERE name = ?1").bind(name).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

const activeAdmins = async () =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'Admin' WHERE u.is_active = 1",
    ).first<{ n: number }>()
  )!.n;

describe(`${PARALLEL} parallel registrations of one address`, () => {
  it("all answer 202 with the same body (registering tells nobody the address is taken) and make one account row", async () => {
    const email = uniqueEmail("race");
    const results = await burst("/api/auth/register", {
      method: "POST",
      json: { email, password: "Str0ng!Pass", firstName: "Ada", lastName: "Race" },
    });
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([202]));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?1").bind(email).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

describe("last-admin rule with many admins at once", () => {
  it("every admin demoting and deactivating its neighbour in one burst never leaves 0 active admins (answers 200, 409 or 401)", async () => {
    // Make these the only admins: earlier tests' admins are demoted first.
    await env.DB.prepare("DELETE FROM user_roles WHERE role = 'Admin'").run();
    const ring = await Promise.all(Array.from({ length: 5 }, () => createUser(env, { roles: ["User", "Admin"] })));
    const tokens = await Promise.all(ring.map((u) => tokenFor(env, u.id)));
    const requests = ring.flatMap((_, i) => {
      const next = ring[(i + 1) % ring.length]!;
      return [
        call(`/api/admin/users/${next.id}/roles`, { method: "PUT", token: tokens[i], json: { roles: ["User"] } }),
        call(`/api/admin/users/${next.id}/status`, { method: "PUT", token: tokens[i], json: { isActive: false } }),
      ];
    });
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    for (const s of statuses) expect([200, 401, 409]).toContain(s);
    expect(await activeAdmins()).toBeGreaterThanOrEqual(1);
  });
});

describe("many sign-ins at once", () => {
  it("nine right-password sign-ins to one account from one network at once: at most 5 are checked (the rest 423 while they run), and no lock is left behind", async () => {
    const user = await createUser(env);
    const ip = uniqueIp();
    const signIn = () => call("/api/auth/login", { method: "POST", json: { email: user.email, password: DEFAULT_PASSWORD }, ip });
    const statuses = (await Promise.all(Array.from({ length: 9 }, signIn))).map((r) => r.status);
    // Each check is reserved before hashing, whether the password turns out right or not.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    for (const s of statuses) expect([200, 423]).toContain(s);
    const row = await env.DB.prepare("SELECT failures AS failed, locked_until AS locked FROM login_locks WHERE network = ?1").bind(ip).first<{ failed: number; locked: string | null }>();
    expect(row).toEqual({ failed: 0, locked: null });
    expect((await signIn()).status).toBe(200);
  });
});

describe("refresh from several tabs at once", () => {
  it("four tabs refreshing one token in one burst all get 200 and a token that works; the session stays alive", async () => {
    const { token } = await userWithToken();
    const responses = await Promise.all(Array.from({ length: 4 }, () => call("/api/auth/refresh", { method: "POST", token })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const tokens = await Promise.all(responses.map(async (r) => ((await r.json()) as { token: string }).token));
    for (const t of tokens) expect((await call("/api/auth/me", { token: t })).status).toBe(200);
  });
});
