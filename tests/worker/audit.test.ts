/**
 * GET /api/audit (issue 34): administrators read who did what and when, newest first, filtered
 * by user, entity type, action and date range; nobody else reads it, and nobody can change or
 * delete an entry (no write routes, and the table refuses UPDATE and DELETE).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, AuditFilters } from "../../shared/schemas/audit";
import type { Paged } from "../../shared/schemas/query";
import type { GameInfoArticle } from "../../shared/schemas/gameinfo";
import { insertFaction, unique } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
const people = { moderator: 0, admin: 0 };
let guide: GameInfoArticle;

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  tokens.user = (await userWithToken(["User"])).token;
  const moderator = await userWithToken(["Moderator"], { firstName: "Audra", lastName: "Mod" });
  const admin = await userWithToken(["Admin"], { firstName: "Ada", lastName: "Admin" });
  tokens.moderator = moderator.token;
  tokens.admin = admin.token;
  people.moderator = moderator.id;
  people.admin = admin.id;

  // A moderator writes a guide and changes it; an admin deletes a faction.
  const created = await call("/api/gameinfo", {
    method: "POST",
    token: tokens.moderator,
    json: { title: unique("Audited guide"), category: "Strategy", content: "Body.", summary: "Old summary.", isPublished: true },
  });
  guide = (await created.json()) as GameInfoArticle;
  const updated = await call(`/api/gameinfo/${guide.id}`, { method: "PUT", token: tokens.moderator, json: { ...guide, summary: "New summary." } });
  expect(updated.status).toBe(200);
  const faction = await insertFaction();
  expect((await call(`/api/faction/${faction}`, { method: "DELETE", token: tokens.admin })).status).toBe(204);
});

const read = async (query = "", token = tokens.admin) => {
  const res = await call(`/api/audit${query}`, { token });
  return { res, body: (await res.json()) as Paged<AuditEntry> & ErrorBody };
};

describe("GET /api/audit: roles", () => {
  it("answers guests 401 and users and moderators 403, in the error envelope", async () => {
    const guest = await call("/api/audit");
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as ErrorBody).code).toBe("unauthorized");
    for (const token of [tokens.user, tokens.moderator]) {
      const { res, body } = await read("", token);
      expect(res.status).toBe(403);
      expect(body.code).toBe("forbidden");
      expect(typeof body.message).toBe("string");
      expect((await call("/api/audit/filters", { token })).status).toBe(403);
    }
  });

  it("answers an admin, never cached (200)", async () => {
    const { res, body } = await read();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(body.totalCount).toBeGreaterThanOrEqual(3);
  });
});

describe("GET /api/audit: entries and filters", () => {
  it("lists newest first, with who, the entity and the changed fields' old and new values", async () => {
    const { body } = await read(`?entityType=gameinfo&entityId=${guide.id}`);
    expect(body.items.map((e) => e.action)).toEqual(["update", "create"]);
    const [update, create] = body.items;
    expect(update).toMatchObject({
      entityType: "gameinfo",
      entityId: String(guide.id),
      user: { id: people.moderator, name: "Audra Mod" },
      entityName: guide.title,
      changes: [{ field: "summary", old: "Old summary.", new: "New summary." }],
    });
    expect(create!.entityName).toBe(guide.title);
    expect(create!.changes.find((c) => c.field === "title")).toEqual({ field: "title", new: guide.title });
    // The content is logged as its length (the change history keeps the text).
    expect(create!.changes.find((c) => c.field === "contentLength")).toEqual({ field: "contentLength", new: 5 });
    expect(update!.id).toBeGreaterThan(create!.id);
  });

  it("filters by user, entity type and action", async () => {
    const byModerator = (await read(`?user=${people.moderator}`)).body;
    expect(byModerator.totalCount).toBe(2);
    expect(byModerator.items.every((e) => e.user?.id === people.moderator)).toBe(true);
    const deletes = (await read(`?user=${people.admin}&action=delete`)).body;
    expect(deletes.items.map((e) => [e.entityType, e.action])).toEqual([["faction", "delete"]]);
    expect(deletes.items[0]!.changes.find((c) => c.field === "name")).toHaveProperty("old");
    // A deleted record keeps the name its deletion recorded.
    expect(deletes.items[0]!.entityName).toBe(deletes.items[0]!.changes.find((c) => c.field === "name")!.old);
    const factions = (await read("?entityType=faction")).body;
    expect(factions.items.every((e) => e.entityType === "faction")).toBe(true);
    expect((await read("?entityType=nothing_like_this")).body.totalCount).toBe(0);
  });

  it("filters by a date range of UTC days, both ends included", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await read()).body.totalCount;
    expect((await read(`?from=${today}&to=${today}`)).body.totalCount).toBe(all);
    expect((await read(`?from=${today}`)).body.totalCount).toBe(all);
    expect((await read("?to=2000-01-01")).body.totalCount).toBe(0);
    expect((await read("?from=2999-01-01")).body.totalCount).toBe(0);
  });

  it("pages the entries (pageSize up to 100)", async () => {
    const first = (await read("?pageSize=1")).body;
    const second = (await read("?pageSize=1&page=2")).body;
    expect(first).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.totalPages).toBe(first.totalCount);
    expect(second.items[0]!.id).toBeLessThan(first.items[0]!.id);
  });

  it("refuses bad filters with field errors (400)", async () => {
    for (const [query, field] of [
      ["?user=abc", "user"],
      ["?user=0", "user"],
      ["?action=publish", "action"],
      ["?entityType=Bad-Type", "entityType"],
      ["?from=2026-02-30", "from"],
      ["?from=yesterday", "from"],
      ["?from=2026-05-02&to=2026-05-01", "to"],
      ["?pageSize=101", "pageSize"],
      ["?unknown=1", ""],
    ] as const) {
      const { res, body } = await read(query);
      expect(res.status, query).toBe(400);
      expect(body.code, query).toBe("validation_failed");
      if (field) expect(body.errors?.[field], query).toBeTruthy();
    }
  });

  it("GET /api/audit/filters lists the people, entity types and actions the log holds, with counts", async () => {
    const res = await call("/api/audit/filters", { token: tokens.admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuditFilters;
    expect(body.users).toContainEqual(expect.objectContaining({ id: people.moderator, name: "Audra Mod", count: 2 }));
    expect(body.entityTypes.map((t) => t.value)).toEqual(expect.arrayContaining(["faction", "gameinfo"]));
    expect(body.actions.map((a) => a.value)).toEqual(expect.arrayContaining(["create", "delete", "update"]));
  });
});

describe("entries cannot be changed or deleted", () => {
  it("answers every write method 405 with Allow: GET, HEAD, for anyone", async () => {
    const { body } = await read("?pageSize=1");
    const id = body.items[0]!.id;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/audit", `/api/audit/${id}`, "/api/audit/filters"]) {
        for (const token of [undefined, tokens.admin]) {
          const res = await call(path, { method, token, json: {} });
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.headers.get("Allow")).toBe("GET, HEAD");
          expect(((await res.json()) as ErrorBody).code).toBe("method_not_allowed");
        }
      }
    }
    expect((await read("?pageSize=1")).body.items[0]!.id).toBe(id);
  });

  it("the database itself refuses UPDATE and DELETE of audit rows", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>();
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'create'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>()).toEqual(before);
  });

  it("the database refuses INSERT OR REPLACE, REPLACE, an upsert and a plain INSERT that name an existing audit id; the row stays", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM audit_log WHERE entity_type = 'gameinfo' AND entity_id = ?1 AND action = 'create'")
      .bind(String(guide.id))
      .first<{ id: number }>())!;
    const row = () => env.DB.prepare("SELECT * FROM audit_log WHERE id = ?1").bind(id).first();
    const count = () => env.DB.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>();
    const original = await row();
    expect(original).toMatchObject({ action: "create", entity_type: "gameinfo", entity_id: String(guide.id), user_id: people.moderator });
    const before = await count();
    const values = "(?1, NULL, 'delete', 'forged', 'x', '{}', '2000-01-01T00:00:00.000Z')";
    const columns = "(id, user_id, action, entity_type, entity_id, details, created_at)";
    for (const statement of [
      `INSERT OR REPLACE INTO audit_log ${columns} VALUES ${values}`,
      `REPLACE INTO audit_log ${columns} VALUES ${values}`,
      `INSERT INTO audit_log ${columns} VALUES ${values}`,
      `INSERT OR IGNORE INTO audit_log ${columns} VALUES ${values}`,
      `INSERT INTO audit_log ${columns} VALUES ${values} ON CONFLICT (id) DO UPDATE SET action = 'delete'`,
    ]) {
      await expect(env.DB.prepare(statement).bind(id).run(), statement).rejects.toThrow(/append-only/);
    }
    expect(await row()).toEqual(original);
    expect(await count()).toEqual(before);
    // A new row still goes in, with a new id of its own (as a restore writes) or without one.
    await env.DB.prepare("INSERT INTO audit_log (id, action, entity_type, entity_id) VALUES (?1, 'create', 'forged', 'x')").bind(1_000_000_000).run();
    await env.DB.prepare("INSERT INTO audit_log (action, entity_type, entity_id) VALUES ('create', 'forged', 'y')").run();
    expect((await count())!.n).toBe(before!.n + 2);
  });
});
