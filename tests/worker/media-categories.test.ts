import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaCategory } from "../../shared/schemas/media";
import { call, userWithToken, setSettings } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };

beforeAll(async () => {
  // The outside image hosts these writes name are allowed (site settings, ADR 0048).
  await setSettings({ imageHosts: ["cdn.example.com"] });
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["User", "Moderator"])).token;
  tokens.admin = (await userWithToken(["User", "Admin"])).token;
});

let n = 0;
const valid = () => ({
  name: `Category ${++n}`,
  description: "Pictures of things.",
  slug: `category-${n}-${Date.now().toString(36)}`,
  color: "#3B82F6",
  iconUrl: "",
  sortOrder: 5,
  isActive: true,
});

async function created(body: Record<string, unknown> = valid()): Promise<MediaCategory> {
  const res = await call("/api/media/categories", { method: "POST", token: tokens.admin, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as MediaCategory;
}

describe("GET /api/media/categories", () => {
  it("gives guests active categories only, with a 2-minute cache (200)", async () => {
    const active = await created();
    const inactive = await created({ ...valid(), isActive: false });
    const res = await call("/api/media/categories?activeOnly=false");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=120, stale-while-revalidate=600");
    const ids = ((await res.json()) as MediaCategory[]).map((c) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect((await call(`/api/media/categories/${inactive.id}`)).status).toBe(404);
  });

  it("gives moderators inactive ones too unless they ask for active only (200)", async () => {
    const inactive = await created({ ...valid(), isActive: false });
    const all = (await (await call("/api/media/categories", { token: tokens.moderator })).json()) as MediaCategory[];
    expect(all.map((c) => c.id)).toContain(inactive.id);
    const active = (await (await call("/api/media/categories?activeOnly=true", { token: tokens.moderator })).json()) as MediaCategory[];
    expect(active.map((c) => c.id)).not.toContain(inactive.id);
    expect((await call(`/api/media/categories/${inactive.id}`, { token: tokens.moderator })).status).toBe(200);
  });

  it("answers 404 for a missing id and 400 for malformed ones", async () => {
    for (const id of ["999999", "abc", "0"]) expect((await call(`/api/media/categories/${id}`)).status, id).toBe(id === "999999" ? 404 : 400);
  });
});

describe("category writes", () => {
  it("answer 401 to guests and 403 to users and moderators (admins only)", async () => {
    const category = await created();
    const attempts: [string, string, unknown?][] = [
      ["POST", "/api/media/categories", valid()],
      ["PUT", `/api/media/categories/${category.id}`, valid()],
      ["DELETE", `/api/media/categories/${category.id}`],
    ];
    for (const [method, path, json] of attempts) {
      expect((await call(path, { method, json })).status, `${method} guest`).toBe(401);
      expect((await call(path, { method, json, token: tokens.user })).status, `${method} user`).toBe(403);
      expect((await call(path, { method, json, token: tokens.moderator })).status, `${method} moderator`).toBe(403);
    }
  });

  it("creates (201) and updates (200) with trimmed values, an empty icon stored as null, ids and timestamps ignored", async () => {
    const body = { ...valid(), id: 12345, createdAt: "2000-01-01T00:00:00.000Z", name: "  Spaced  " };
    const category = await created(body);
    expect(category).toMatchObject({ name: "Spaced", iconUrl: null, sortOrder: 5, isActive: true });
    expect(category.id).not.toBe(12345);
    expect(category.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    const res = await call(`/api/media/categories/${category.id}`, {
      method: "PUT",
      token: tokens.admin,
      json: { ...body, name: "Renamed", color: "#abc", isActive: false },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: category.id, name: "Renamed", color: "#abc", isActive: false });
  });

  it("enforces the limits with 400 field errors (name 100, description 500, slug 50, colour, icon 255, sort 0–1000)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(101) }, "name"],
      [{ description: "x".repeat(501) }, "description"],
      [{ slug: "" }, "slug"],
      [{ slug: "x".repeat(51) }, "slug"],
      [{ slug: "Not A Slug" }, "slug"],
      [{ color: "" }, "color"],
      [{ color: "blue" }, "color"],
      [{ color: "#12345" }, "color"],
      [{ iconUrl: `/files/${"x".repeat(249)}` }, "iconUrl"],
      [{ iconUrl: "javascript:alert(1)" }, "iconUrl"],
      [{ iconUrl: "icon.png" }, "iconUrl"],
      [{ iconUrl: "//evil.example/x.png" }, "iconUrl"],
      [{ sortOrder: -1 }, "sortOrder"],
      [{ sortOrder: 1001 }, "sortOrder"],
      [{ sortOrder: 1.5 }, "sortOrder"],
      [{ isActive: "yes" }, "isActive"],
    ];
    for (const [patch, field] of cases) {
      const res = await call("/api/media/categories", { method: "POST", token: tokens.admin, json: { ...valid(), ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), JSON.stringify(patch)).toEqual([field]);
    }
    // The limits themselves are accepted.
    await created({ ...valid(), name: "x".repeat(100), description: "y".repeat(500), iconUrl: `https://cdn.example.com/${"z".repeat(231)}`, sortOrder: 1000 });
    await created({ ...valid(), sortOrder: 0 });
  });

  it("answers 409 for a slug another category uses, on create and on update", async () => {
    const first = await created();
    const second = await created();
    const dup = await call("/api/media/categories", { method: "POST", token: tokens.admin, json: { ...valid(), slug: first.slug } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ code: "conflict", errors: { slug: ["A category with this slug already exists."] } });
    const upd = await call(`/api/media/categories/${second.id}`, { method: "PUT", token: tokens.admin, json: { ...valid(), slug: first.slug } });
    expect(upd.status).toBe(409);
    // Keeping its own slug is fine.
    const same = await call(`/api/media/categories/${first.id}`, { method: "PUT", token: tokens.admin, json: { ...valid(), slug: first.slug } });
    expect(same.status).toBe(200);
  });

  it("deletes an unused category (204) but answers 409 while media items use it", async () => {
    const unused = await created();
    expect((await call(`/api/media/categories/${unused.id}`, { method: "DELETE", token: tokens.admin })).status).toBe(204);
    expect((await call(`/api/media/categories/${unused.id}`, { token: tokens.admin })).status).toBe(404);

    const used = await created();
    await env.DB.prepare("INSERT INTO media_items (title, media_type, category_id) VALUES ('x', 'image', ?1)").bind(used.id).run();
    const res = await call(`/api/media/categories/${used.id}`, { method: "DELETE", token: tokens.admin });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("conflict");
  });

  it("answers 404 when updating or deleting a missing category", async () => {
    expect((await call("/api/media/categories/999999", { method: "PUT", token: tokens.admin, json: valid() })).status).toBe(404);
    expect((await call("/api/media/categories/999999", { method: "DELETE", token: tokens.admin })).status).toBe(404);
  });
});
