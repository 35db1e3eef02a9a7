import { beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../shared/schemas/query";
import type { GameInfoArticle, GameInfoCategories, GameInfoItems, GameInfoListItem } from "../../shared/schemas/gameinfo";
import { insertGameInfo } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const ids = { dragons: 0, dragonLore: 0, wyrm: 0, economy: 0, draft: 0 };
const tokens = { user: "", moderator: "", admin: "" };

beforeAll(async () => {
  ids.dragons = await insertGameInfo({ title: "Taming dragons early", slug: "taming-dragons", category: "Strategy", summary: "How to recruit dragons in week two.", is_featured: 1, sort_order: 1 });
  ids.dragonLore = await insertGameInfo({ title: "Army composition", slug: "army-composition", category: "Strategy", summary: "Balance melee and ranged stacks.", sort_order: 2 });
  ids.wyrm = await insertGameInfo({ title: "The first dragons of Aldermere", slug: "first-dragons", category: "Lore", summary: "Where the dragons came from.", is_featured: 1, sort_order: 3 });
  ids.economy = await insertGameInfo({ title: "Gold mines", slug: "gold-mines", category: "Economy", summary: "Income per day.", sort_order: 4 });
  ids.draft = await insertGameInfo({ title: "Secret dragons patch", slug: "secret-dragons", category: "Strategy", summary: "Unreleased dragons notes.", is_published: 0, is_featured: 1, published_at: null });
  tokens.user = (await userWithToken(["User"])).token;
  tokens.moderator = (await userWithToken(["Moderator"])).token;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

const get = async <T>(path: string, token?: string) => {
  const res = await call(path, { token });
  return { res, body: (await res.json()) as T };
};

describe("GET /api/gameinfo", () => {
  it("lists published articles featured first, then in display order, without content for every role (200)", async () => {
    for (const token of [undefined, tokens.user, tokens.moderator, tokens.admin]) {
      const { res, body } = await get<Paged<GameInfoListItem>>("/api/gameinfo", token);
      expect(res.status).toBe(200);
      expect(body.items.map((a) => a.id)).toEqual([ids.dragons, ids.wyrm, ids.dragonLore, ids.economy]);
      expect(body.items[0]).not.toHaveProperty("content");
    }
  });

  it("filters by category, featuredOnly and search (200)", async () => {
    expect((await get<Paged<GameInfoListItem>>("/api/gameinfo?category=strategy")).body.items.map((a) => a.id)).toEqual([ids.dragons, ids.dragonLore]);
    expect((await get<Paged<GameInfoListItem>>("/api/gameinfo?featuredOnly=true")).body.items.map((a) => a.id)).toEqual([ids.dragons, ids.wyrm]);
    expect((await get<Paged<GameInfoListItem>>("/api/gameinfo?search=dragon")).body.items.map((a) => a.id)).toEqual([ids.dragons, ids.wyrm]);
    expect((await get<Paged<GameInfoListItem>>('/api/gameinfo?search=" OR *')).res.status).toBe(200);
  });

  it("shows unpublished articles only to moderators with publishedOnly=false (200)", async () => {
    for (const token of [undefined, tokens.user]) {
      const { body } = await get<Paged<GameInfoListItem>>("/api/gameinfo?publishedOnly=false", token);
      expect(body.items.map((a) => a.id)).not.toContain(ids.draft);
    }
    const { res, body } = await get<Paged<GameInfoListItem>>("/api/gameinfo?publishedOnly=false", tokens.moderator);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.items.map((a) => a.id)).toContain(ids.draft);
  });

  it("refuses bad query values (400)", async () => {
    for (const q of ["pageSize=100000", "featuredOnly=yes", "unknown=1", `search=${"x".repeat(201)}`]) {
      expect((await call(`/api/gameinfo?${q}`)).status, q).toBe(400);
    }
  });
});

describe("GET /api/gameinfo/{id}, /slug/{slug}", () => {
  it("answers a published article by id and by slug with its content (200, cached, 304 on a match)", async () => {
    const byId = await get<GameInfoArticle>(`/api/gameinfo/${ids.dragons}`);
    expect(byId.res.status).toBe(200);
    expect(byId.body).toMatchObject({ slug: "taming-dragons", content: "Some content.\nSecond line." });
    const bySlug = await call("/api/gameinfo/slug/taming-dragons");
    expect(bySlug.status).toBe(200);
    expect(bySlug.headers.get("Cache-Control")).toContain("max-age=60");
    const again = await call("/api/gameinfo/slug/taming-dragons", { headers: { "If-None-Match": bySlug.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("hides an unpublished article by id and slug from guests and users (404), not from moderators (200)", async () => {
    for (const token of [undefined, tokens.user]) {
      expect((await call(`/api/gameinfo/${ids.draft}`, { token })).status).toBe(404);
      expect((await call("/api/gameinfo/slug/secret-dragons", { token })).status).toBe(404);
      expect((await call(`/api/gameinfo/${ids.draft}/related`, { token })).status).toBe(404);
      expect((await call("/api/gameinfo/slug/secret-dragons/related", { token })).status).toBe(404);
    }
    for (const token of [tokens.moderator, tokens.admin]) {
      expect((await call("/api/gameinfo/slug/secret-dragons", { token })).status).toBe(200);
    }
  });

  it("answers 404 for impossible and unknown slugs, 400 for malformed ids", async () => {
    for (const path of ["/api/gameinfo/slug/Not_A_Slug", "/api/gameinfo/slug/nope", "/api/gameinfo/slug/Not_A_Slug/related", "/api/gameinfo/slug/nope/related"]) {
      expect((await call(path)).status, path).toBe(404);
    }
    for (const path of ["/api/gameinfo/abc", "/api/gameinfo/0", "/api/gameinfo/abc/related"]) {
      expect((await call(path)).status, path).toBe(400);
    }
  });
});

describe("categories, featured, related", () => {
  it("answers the categories of published articles with counts (200)", async () => {
    const { body } = await get<GameInfoCategories>("/api/gameinfo/categories");
    expect(body.categories).toEqual([
      { value: "Economy", count: 1 },
      { value: "Lore", count: 1 },
      { value: "Strategy", count: 2 },
    ]);
  });

  it("answers featured published articles, 6 at most by default, limit honoured (200)", async () => {
    expect((await get<GameInfoItems>("/api/gameinfo/featured")).body.items.map((a) => a.id)).toEqual([ids.dragons, ids.wyrm]);
    expect((await get<GameInfoItems>("/api/gameinfo/featured?limit=1")).body.items.map((a) => a.id)).toEqual([ids.dragons]);
    for (const q of ["limit=0", "limit=51", "limit=x"]) expect((await call(`/api/gameinfo/featured?${q}`)).status, q).toBe(400);
  });

  it("answers related articles: same category first, then shared words, never itself or drafts (200)", async () => {
    const { res, body } = await get<GameInfoItems>(`/api/gameinfo/${ids.dragons}/related`);
    expect(res.status).toBe(200);
    expect(body.items.map((a) => a.id)).toEqual([ids.dragonLore, ids.wyrm]);
    expect((await get<GameInfoItems>(`/api/gameinfo/${ids.dragons}/related?limit=1`)).body.items.map((a) => a.id)).toEqual([ids.dragonLore]);
  });

  it("answers the same related articles by the article's slug (200, cached), limit validated (400)", async () => {
    const { res, body } = await get<GameInfoItems>("/api/gameinfo/slug/taming-dragons/related");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("max-age=60");
    expect(body).toEqual((await get<GameInfoItems>(`/api/gameinfo/${ids.dragons}/related`)).body);
    expect((await get<GameInfoItems>("/api/gameinfo/slug/taming-dragons/related?limit=1")).body.items.map((a) => a.id)).toEqual([ids.dragonLore]);
    expect((await call("/api/gameinfo/slug/taming-dragons/related?limit=0")).status).toBe(400);
  });
});
