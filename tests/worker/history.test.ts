import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../shared/schemas/history";
import { insertFaction, insertHero, insertSpell, insertUnit, unique } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
let factionId = 0;
let moderatorId = 0;

beforeAll(async () => {
  factionId = await insertFaction();
  tokens.user = (await userWithToken(["User"])).token;
  const moderator = await userWithToken(["Moderator"], { firstName: "Mona", lastName: "Mod" });
  tokens.moderator = moderator.token;
  moderatorId = moderator.id;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

type Page = { items: HistoryEntry[]; totalCount: number; page: number; pageSize: number; totalPages: number };
type ErrorBody = { code: string; message: string; errors?: Record<string, string[]>; current?: Record<string, unknown> };
type Rec = Record<string, unknown> & { id: number; updatedAt: string };

const history = async (entity: string, id: number, query = "") => {
  const res = await call(`/api/history?entity=${entity}&id=${id}${query}`, { token: tokens.moderator });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};

const read = async (path: string) => {
  const res = await call(path, { token: tokens.admin });
  expect(res.status).toBe(200);
  return (await res.json()) as Rec;
};

const write = async (method: string, path: string, json: unknown, token = tokens.moderator) => {
  const res = await call(path, { method, json, token });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Rec & ErrorBody };
};

const fieldOf = (entry: HistoryEntry, field: string) => entry.changes.find((c) => c.field === field);

/** Each resource: how to make a valid body, which field an edit changes, and its new value. */
const RESOURCES = {
  faction: {
    path: "/api/faction",
    body: () => ({ name: unique("History Faction"), alignment: "Chaos", description: "Made by the history test." }),
    field: "summary",
    value: "Edited summary",
  },
  unit: {
    path: "/api/unit",
    body: () => ({ factionId, name: unique("History Unit"), description: "Made by the history test.", attack: 7, maxDamage: 2 }),
    field: "attack",
    value: 12,
  },
  hero: {
    path: "/api/hero",
    body: () => ({ factionId, name: unique("History Hero"), biography: "Born in the history test.", heroType: "Magic" }),
    field: "biography",
    value: "A new biography\nwith two lines.",
  },
  spell: {
    path: "/api/spell",
    body: () => ({ name: unique("History Spell"), description: "Made by the history test.", school: "Air", factionIds: [factionId] }),
    field: "manaCost",
    value: 9,
  },
  news: {
    path: "/api/news",
    body: () => ({ title: unique("History News"), summary: "Summary.", content: "Content.", author: "Tester", tags: ["a"] }),
    field: "title",
    value: "An edited title",
  },
} as const;

describe("GET /api/history", () => {
  it("answers 401 to guests and 403 to users; 200 to moderators and admins", async () => {
    const unitId = await insertUnit(factionId);
    expect((await call(`/api/history?entity=unit&id=${unitId}`)).status).toBe(401);
    expect((await call(`/api/history?entity=unit&id=${unitId}`, { token: tokens.user })).status).toBe(403);
    for (const token of [tokens.moderator, tokens.admin]) {
      const res = await call(`/api/history?entity=unit&id=${unitId}`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.json()).toEqual({ items: [], totalCount: 0, page: 1, pageSize: 50, totalPages: 0 });
    }
  });

  it("refuses a missing or unknown entity, a missing or malformed id and unknown parameters (400 validation_failed)", async () => {
    for (const query of ["id=1", "entity=dragon&id=1", "entity=unit", "entity=unit&id=abc", "entity=unit&id=0", "entity=unit&id=1&x=1", "entity=unit&id=1&pageSize=500"]) {
      const res = await call(`/api/history?${query}`, { token: tokens.moderator });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as ErrorBody).code).toBe("validation_failed");
    }
  });

  it("pages a record's changes newest first", async () => {
    const { body: unit } = await write("POST", "/api/unit", RESOURCES.unit.body());
    let version = unit.updatedAt;
    for (const attack of [1, 2, 3]) {
      const { status, body } = await write("PUT", `/api/unit/${unit.id}`, { ...unit, attack, updatedAt: version });
      expect(status).toBe(200);
      version = body.updatedAt;
    }
    const first = await history("unit", unit.id, "&pageSize=2");
    expect(first).toMatchObject({ totalCount: 4, page: 1, pageSize: 2, totalPages: 2 });
    expect(first.items.map((e) => e.action)).toEqual(["update", "update"]);
    expect(fieldOf(first.items[0]!, "attack")).toEqual({ field: "attack", old: 2, new: 3 });
    const second = await history("unit", unit.id, "&pageSize=2&page=2");
    expect(second.items.map((e) => e.action)).toEqual(["update", "create"]);
    expect(first.items[0]!.id).toBeGreaterThan(second.items[0]!.id);
  });
});

describe.each(Object.entries(RESOURCES))("%s history", (entity, r) => {
  it("keeps who, when and each field's old and new value for create (201), update (200) and delete (204)", async () => {
    const created = await write("POST", r.path, r.body());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const current = await read(`${r.path}/${id}`);
    const updated = await write("PUT", `${r.path}/${id}`, { ...current, [r.field]: r.value, updatedAt: current.updatedAt });
    expect(updated.status).toBe(200);
    const [update, create] = (await history(entity, id)).items;
    expect(create).toMatchObject({ entityType: entity, entityId: id, action: "create", restoredFrom: null, restorable: false });
    expect(create!.user).toEqual({ id: moderatorId, name: "Mona Mod" });
    expect(fieldOf(create!, r.field)!.old).toBeNull();
    expect(update).toMatchObject({ action: "update", restorable: true });
    expect(update!.changes).toEqual([{ field: r.field, old: current[r.field], new: r.value }]);
    expect(Date.parse(update!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await write("DELETE", `${r.path}/${id}`, undefined)).status).toBe(204);
    const [deleted] = (await history(entity, id)).items;
    expect(deleted).toMatchObject({ action: "delete", restorable: true });
    expect(fieldOf(deleted!, r.field)).toEqual({ field: r.field, old: r.value, new: null });
  });

  it("answers 409 stale_version with the current record for a PUT based on an older version, writing nothing", async () => {
    const { body: created } = await write("POST", r.path, r.body());
    const first = await read(`${r.path}/${created.id}`);
    const saved = await write("PUT", `${r.path}/${created.id}`, { ...first, [r.field]: r.value, updatedAt: first.updatedAt });
    expect(saved.status).toBe(200);
    const stale = await write("PUT", `${r.path}/${created.id}`, { ...first, updatedAt: first.updatedAt }, tokens.admin);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale_version");
    expect(stale.body.current).toMatchObject({ id: created.id, [r.field]: r.value, updatedAt: saved.body.updatedAt });
    expect((await read(`${r.path}/${created.id}`))[r.field]).toEqual(r.value);
    expect((await history(entity, created.id)).totalCount).toBe(2);
  });

  it("restores an update's old values as a new change (200), and the restore itself can be restored", async () => {
    const { body: created } = await write("POST", r.path, r.body());
    const before = await read(`${r.path}/${created.id}`);
    await write("PUT", `${r.path}/${created.id}`, { ...before, [r.field]: r.value, updatedAt: before.updatedAt });
    const [update] = (await history(entity, created.id)).items;

    const restored = await write("POST", `/api/history/${update!.id}/restore`, {}, tokens.admin);
    expect(restored.status).toBe(200);
    expect((restored.body as unknown as { changed: boolean }).changed).toBe(true);
    expect((await read(`${r.path}/${created.id}`))[r.field]).toEqual(before[r.field]);
    const [restore] = (await history(entity, created.id)).items;
    expect(restore).toMatchObject({ action: "restore", restoredFrom: update!.id, restorable: true });
    expect(restore!.changes).toEqual([{ field: r.field, old: r.value, new: before[r.field] }]);

    expect((await write("POST", `/api/history/${restore!.id}/restore`, {})).status).toBe(200);
    expect((await read(`${r.path}/${created.id}`))[r.field]).toEqual(r.value);
  });

  it("restores a delete by re-creating the record under its old id (200)", async () => {
    const { body: created } = await write("POST", r.path, r.body());
    expect((await write("DELETE", `${r.path}/${created.id}`, undefined)).status).toBe(204);
    const [deleted] = (await history(entity, created.id)).items;
    const restored = await write("POST", `/api/history/${deleted!.id}/restore`, {});
    expect(restored.status).toBe(200);
    const again = await read(`${r.path}/${created.id}`);
    expect(again.name ?? again.title).toBe((created.name ?? created.title) as string);
    const [restore] = (await history(entity, created.id)).items;
    expect(restore).toMatchObject({ action: "restore", restoredFrom: deleted!.id });
    // Restoring the same delete again: the record exists (409).
    const twice = await write("POST", `/api/history/${deleted!.id}/restore`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("conflict");
  });
});

describe("POST /api/history/{id}/restore", () => {
  it("answers 401 to guests and 403 to users, restoring nothing", async () => {
    const unitId = await insertUnit(factionId, { attack: 5 });
    const unit = await read(`/api/unit/${unitId}`);
    await write("PUT", `/api/unit/${unitId}`, { ...unit, attack: 6 });
    const [change] = (await history("unit", unitId)).items;
    expect((await call(`/api/history/${change!.id}/restore`, { method: "POST", json: {} })).status).toBe(401);
    expect((await call(`/api/history/${change!.id}/restore`, { method: "POST", json: {}, token: tokens.user })).status).toBe(403);
    expect((await read(`/api/unit/${unitId}`)).attack).toBe(6);
  });

  it("answers 404 for an unknown change id and 400 for a malformed one", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
      const res = await call(`/api/history/${id}/restore`, { method: "POST", json: {}, token: tokens.moderator });
      expect(res.status, id).toBe(id === "999999" ? 404 : 400);
    }
  });

  it("refuses to restore a creation (409 conflict)", async () => {
    const { body } = await write("POST", "/api/unit", RESOURCES.unit.body());
    const [create] = (await history("unit", body.id)).items;
    const res = await write("POST", `/api/history/${create!.id}/restore`, {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
  });

  it("answers 409 stale_version with the current record when the given updatedAt is outdated", async () => {
    const heroId = await insertHero(factionId);
    const hero = await read(`/api/hero/${heroId}`);
    const saved = await write("PUT", `/api/hero/${heroId}`, { ...hero, startingAttack: 4 });
    const [change] = (await history("hero", heroId)).items;
    const res = await write("POST", `/api/history/${change!.id}/restore`, { updatedAt: hero.updatedAt });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("stale_version");
    expect(res.body.current).toMatchObject({ id: heroId, startingAttack: 4, updatedAt: saved.body.updatedAt });
    const ok = await write("POST", `/api/history/${change!.id}/restore`, { updatedAt: saved.body.updatedAt });
    expect(ok.status).toBe(200);
    expect((await read(`/api/hero/${heroId}`)).startingAttack).toBe(hero.startingAttack);
  });

  it("refuses to restore an update of a deleted record (409) and a restore that breaks a rule (400 with field errors)", async () => {
    const spellId = await insertSpell({}, [factionId]);
    const spell = await read(`/api/spell/${spellId}`);
    await write("PUT", `/api/spell/${spellId}`, { ...spell, manaCost: 11 });
    const [change] = (await history("spell", spellId)).items;
    expect((await write("DELETE", `/api/spell/${spellId}`, undefined)).status).toBe(204);
    const res = await write("POST", `/api/history/${change!.id}/restore`, {});
    expect(res.status).toBe(409);

    // A unit whose faction was deleted after the unit was: re-creating it is a 400 naming the faction.
    const lonelyFaction = await insertFaction();
    const unitId = await insertUnit(lonelyFaction);
    expect((await write("DELETE", `/api/unit/${unitId}`, undefined)).status).toBe(204);
    expect((await write("DELETE", `/api/faction/${lonelyFaction}`, undefined)).status).toBe(204);
    const [deleted] = (await history("unit", unitId)).items;
    const broken = await write("POST", `/api/history/${deleted!.id}/restore`, {});
    expect(broken.status).toBe(400);
    expect(broken.body.errors?.factionId).toEqual(["Faction does not exist."]);
  });
});

describe("every game and news write route by role", () => {
  const routes = (ids: Record<string, number>) =>
    Object.entries(RESOURCES).flatMap(([entity, r]) => [
      { method: "POST", path: r.path, json: r.body() },
      { method: "PUT", path: `${r.path}/${ids[entity]}`, json: r.body() },
      { method: "DELETE", path: `${r.path}/${ids[entity]}`, json: undefined },
    ]);

  it("answers 401 to guests and 403 to users on every write, writing no history", async () => {
    const ids = {
      faction: await insertFaction(),
      unit: await insertUnit(factionId),
      hero: await insertHero(factionId),
      spell: await insertSpell(),
      news: (await write("POST", "/api/news", RESOURCES.news.body())).body.id,
    };
    for (const route of routes(ids)) {
      expect((await call(route.path, { method: route.method, json: route.json })).status, `${route.method} ${route.path}`).toBe(401);
      expect((await call(route.path, { method: route.method, json: route.json, token: tokens.user })).status).toBe(403);
    }
    for (const [entity, id] of Object.entries(ids)) {
      expect((await history(entity, id)).items.filter((e) => e.action !== "create")).toEqual([]);
    }
  });

  it("lets moderators and admins create (201), update (200) and delete (204) on every route, each with a history row", async () => {
    for (const token of [tokens.moderator, tokens.admin]) {
      for (const [entity, r] of Object.entries(RESOURCES)) {
        const created = await write("POST", r.path, r.body(), token);
        expect(created.status, `POST ${r.path}`).toBe(201);
        const updated = await write("PUT", `${r.path}/${created.body.id}`, { ...r.body(), updatedAt: created.body.updatedAt }, token);
        expect(updated.status, `PUT ${r.path}`).toBe(200);
        expect((await write("DELETE", `${r.path}/${created.body.id}`, undefined, token)).status, `DELETE ${r.path}`).toBe(204);
        expect((await history(entity, created.body.id)).items.map((e) => e.action)).toEqual(["delete", "update", "create"]);
      }
    }
    // Forty writes in a row: more than the default 5 s on a busy machine.
  }, 30_000);
});
