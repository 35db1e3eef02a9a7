import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Unit } from "../../shared/schemas/unit";
import { insertFaction, insertUnit, unique } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
let factionId = 0;
let otherFaction = 0;

beforeAll(async () => {
  factionId = await insertFaction();
  otherFaction = await insertFaction();
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]>; current?: Record<string, unknown> };

const auditRows = async (entityType: string, entityId: number) =>
  (
    await env.DB.prepare("SELECT action, details, user_id AS userId FROM audit_log WHERE entity_type = ?1 AND entity_id = ?2 ORDER BY id")
      .bind(entityType, String(entityId))
      .all<{ action: string; details: string; userId: number }>()
  ).results.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

const unitBody = (over: Record<string, unknown> = {}) => ({
  factionId,
  name: unique("Written Unit"),
  description: "Made by a test.",
  tier: 3,
  attack: 7,
  defense: 6,
  minDamage: 2,
  maxDamage: 4,
  health: 20,
  speed: 5,
  unitType: "Flying",
  specialAbilities: ["Flying", "Dive"],
  ...over,
});

describe("unit writes", () => {
  it("refuses guests (401) and users (403) and writes nothing", async () => {
    const before = await count("units");
    expect((await call("/api/unit", { method: "POST", json: unitBody() })).status).toBe(401);
    expect((await call("/api/unit", { method: "POST", json: unitBody(), token: tokens.user })).status).toBe(403);
    expect((await call("/api/unit/1", { method: "PUT", json: unitBody(), token: tokens.user })).status).toBe(403);
    expect((await call("/api/unit/1", { method: "DELETE", token: tokens.user })).status).toBe(403);
    expect(await count("units")).toBe(before);
  });

  it("creates a unit for a moderator and an admin (201) with an audit row in the same write", async () => {
    for (const token of [tokens.moderator, tokens.admin]) {
      const res = await call("/api/unit", { method: "POST", json: unitBody({ upgradeLevel: 1, specialAbilities: '["Text JSON"]' }), token });
      expect(res.status).toBe(201);
      const unit = (await res.json()) as Unit;
      expect(unit).toMatchObject({ factionId, tier: 3, unitType: "Flying", upgradeLevel: 1, isUpgraded: true, specialAbilities: ["Text JSON"], isActive: true });
      expect(res.headers.get("Location")).toBe(`/api/unit/${unit.id}`);
      const audit = await auditRows("unit", unit.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.action).toBe("create");
      expect((audit[0]!.details.after as Record<string, unknown>).name).toBe(unit.name);
    }
  });

  it("refuses every invalid field with its message and writes nothing (400 validation_failed)", async () => {
    const before = [await count("units"), await count("audit_log")];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [{ description: "  " }, "description", "Description is required"],
      [{ factionId: undefined }, "factionId", "Faction is required"],
      [{ tier: 0 }, "tier", "Tier must be a whole number from 1 to 7."],
      [{ tier: 8 }, "tier", "Tier must be a whole number from 1 to 7."],
      [{ upgradeLevel: 3 }, "upgradeLevel", "Upgrade level must be a whole number from 0 to 2."],
      [{ unitType: "Dragon" }, "unitType", "Unit type must be one of: Infantry, Ranged, Cavalry, Flying, Magic."],
      [{ minDamage: 5, maxDamage: 4 }, "maxDamage", "Maximum damage must be at least the minimum damage."],
      [{ attack: -1 }, "attack", "Attack must be a whole number from 0 to 1000000."],
      [{ health: 1.5 }, "health", "Health must be a whole number from 0 to 1000000."],
      [{ specialAbilities: "{not json" }, "specialAbilities", 'Special abilities must be a JSON list, e.g. ["Flying"].'],
      [{ specialAbilities: { a: 1 } }, "specialAbilities", 'Special abilities must be a JSON list, e.g. ["Flying"].'],
      [{ portraitUrl: "javascript:alert(1)" }, "portraitUrl", "Portrait URL must be an http(s) URL or a path under /files/."],
    ];
    for (const [over, field, message] of cases) {
      const res = await call("/api/unit", { method: "POST", json: unitBody(over), token: tokens.moderator });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.code).toBe("validation_failed");
      expect(body.errors?.[field]?.[0], field).toBe(message);
    }
    expect([await count("units"), await count("audit_log")]).toEqual(before);
  });

  it("refuses a faction that does not exist with errors.factionId (400, not a 500)", async () => {
    const res = await call("/api/unit", { method: "POST", json: unitBody({ factionId: 999_999 }), token: tokens.moderator });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors?.factionId).toEqual(["Faction does not exist."]);
  });

  it("refuses malformed JSON (400 malformed_json)", async () => {
    const res = await call("/api/unit", { method: "POST", body: "{", headers: { "Content-Type": "application/json" }, token: tokens.moderator });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).code).toBe("malformed_json");
  });

  it("updates a unit (200), audits only the changed fields before and after, and bumps updatedAt", async () => {
    const id = await insertUnit(factionId, { attack: 3 });
    const read = (await (await call(`/api/unit/${id}`)).json()) as Unit;
    const res = await call(`/api/unit/${id}`, { method: "PUT", json: { ...read, attack: 9, updatedAt: read.updatedAt }, token: tokens.moderator });
    expect(res.status).toBe(200);
    const unit = (await res.json()) as Unit;
    expect(unit.attack).toBe(9);
    expect(unit.updatedAt > read.updatedAt).toBe(true);
    const audit = await auditRows("unit", id);
    expect(audit.map((a) => a.action)).toEqual(["update"]);
    expect(audit[0]!.details).toEqual({ before: { attack: 3 }, after: { attack: 9 } });
  });

  it("answers 409 stale_version with the current row when updatedAt is older than the stored one, writing nothing", async () => {
    const id = await insertUnit(factionId, { attack: 3 });
    const read = (await (await call(`/api/unit/${id}`)).json()) as Unit;
    const first = await call(`/api/unit/${id}`, { method: "PUT", json: { ...read, attack: 4 }, token: tokens.moderator });
    expect(first.status).toBe(200);
    const stale = await call(`/api/unit/${id}`, { method: "PUT", json: { ...read, attack: 5 }, token: tokens.admin });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ErrorBody;
    expect(body.code).toBe("stale_version");
    expect(body.current).toMatchObject({ id, attack: 4 });
    expect((await auditRows("unit", id)).length).toBe(1);
  });

  it("writes nothing when a PUT changes nothing (200, no audit row)", async () => {
    const id = await insertUnit(factionId);
    const read = (await (await call(`/api/unit/${id}`)).json()) as Unit;
    const res = await call(`/api/unit/${id}`, { method: "PUT", json: read, token: tokens.moderator });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Unit).updatedAt).toBe(read.updatedAt);
    expect(await auditRows("unit", id)).toEqual([]);
  });

  it("answers 404 for PUT and DELETE of missing ids and 400 for malformed ones", async () => {
    expect((await call("/api/unit/999999", { method: "PUT", json: unitBody(), token: tokens.moderator })).status).toBe(404);
    expect((await call("/api/unit/abc", { method: "PUT", json: unitBody(), token: tokens.moderator })).status).toBe(400);
    expect((await call("/api/unit/999999", { method: "DELETE", token: tokens.moderator })).status).toBe(404);
    expect((await call("/api/unit/abc", { method: "DELETE", token: tokens.admin })).status).toBe(400);
  });

  it("deletes a unit (204) with an audit row holding the row before", async () => {
    const id = await insertUnit(otherFaction, { name: unique("Doomed") });
    const res = await call(`/api/unit/${id}`, { method: "DELETE", token: tokens.admin });
    expect(res.status).toBe(204);
    expect((await call(`/api/unit/${id}`, { token: tokens.admin })).status).toBe(404);
    const audit = await auditRows("unit", id);
    expect(audit.map((a) => a.action)).toEqual(["delete"]);
    expect((audit[0]!.details.before as Record<string, unknown>).id).toBe(id);
  });
});
