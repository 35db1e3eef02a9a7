/**
 * Guides (game-info articles) as the site writes and lists them (issue 34): the /game-info list
 * with its category filter and pages, versioned writes with their history, restore and 409, and
 * a changed slug's redirect (API and page).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../shared/schemas/query";
import type { GameInfoArticle, GameInfoCategories, GameInfoListItem } from "../../shared/schemas/gameinfo";
import type { HistoryEntry } from "../../shared/schemas/history";
import { insertGameInfo, unique } from "./game-fixtures";
import { call, userWithToken } from "./helpers";

const tokens = { user: "", moderator: "", admin: "" };
let moderatorId = 0;

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]>; current?: GameInfoArticle };

/** A category of this file's own, so other files' guides never count. */
const CATEGORY = `Sieges ${Date.now().toString(36)}`;

beforeAll(async () => {
  tokens.user = (await userWithToken(["User"])).token;
  const moderator = await userWithToken(["Moderator"], { firstName: "Gwen", lastName: "Guide" });
  tokens.moderator = moderator.token;
  moderatorId = moderator.id;
  tokens.admin = (await userWithToken(["Admin"])).token;
});

const guideBody = (over: Record<string, unknown> = {}) => ({
  title: unique("Holding the walls"),
  category: "Strategy",
  summary: "Keep the gate.",
  content: "First, the gate.\nThen the walls.",
  isPublished: true,
  ...over,
});

async function send(method: string, path: string, json?: unknown, token = tokens.moderator) {
  const res = await call(path, { method, json, token });
  const body = res.status === 204 ? null : ((await res.json()) as GameInfoArticle & ErrorBody);
  return { status: res.status, body: body!, res };
}

const list = async (query: string, token?: string) => {
  const res = await call(`/api/gameinfo?${query}`, { token });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Paged<GameInfoListItem>;
};

const history = async (id: number) => {
  const res = await call(`/api/history?entity=gameinfo&id=${id}`, { token: tokens.moderator });
  expect(res.status).toBe(200);
  return (await res.json()) as Paged<HistoryEntry>;
};

describe("GET /api/gameinfo: the /game-info list", () => {
  const ids: number[] = [];
  beforeAll(async () => {
    // 5 published guides of one category (the 4th featured), 1 draft, 1 of another category.
    for (let i = 1; i <= 5; i++) {
      ids.push(await insertGameInfo({ title: unique(`Siege lesson ${i}`), category: CATEGORY, sort_order: i, is_featured: i === 4 ? 1 : 0 }));
    }
    await insertGameInfo({ title: unique("Siege draft"), category: CATEGORY, is_published: 0, published_at: null });
    await insertGameInfo({ title: unique("Other"), category: `${CATEGORY} other` });
  });

  it("pages one category's published guides, featured first, then by sort order (200)", async () => {
    const first = await list(`category=${encodeURIComponent(CATEGORY)}&pageSize=2`);
    expect(first).toMatchObject({ totalCount: 5, page: 1, pageSize: 2, totalPages: 3 });
    expect(first.items.map((g) => g.id)).toEqual([ids[3], ids[0]]);
    const second = await list(`category=${encodeURIComponent(CATEGORY)}&pageSize=2&page=2`);
    expect(second.items.map((g) => g.id)).toEqual([ids[1], ids[2]]);
    const third = await list(`category=${encodeURIComponent(CATEGORY)}&pageSize=2&page=3`);
    expect(third.items.map((g) => g.id)).toEqual([ids[4]]);
    // Past the last page: an empty page with the real total.
    expect(await list(`category=${encodeURIComponent(CATEGORY)}&pageSize=2&page=9`)).toMatchObject({ items: [], totalCount: 5 });
  });

  it("matches the category whatever its case, and combines it with a search (200)", async () => {
    expect((await list(`category=${encodeURIComponent(CATEGORY.toUpperCase())}&pageSize=50`)).totalCount).toBe(5);
    const found = await list(`category=${encodeURIComponent(CATEGORY)}&search=lesson`);
    expect(found.totalCount).toBe(5);
    expect((await list(`category=${encodeURIComponent(CATEGORY)}&search=nothingmatcheshere`)).totalCount).toBe(0);
  });

  it("counts drafts only for moderators asking publishedOnly=false, in the list and the categories (200)", async () => {
    expect((await list(`category=${encodeURIComponent(CATEGORY)}&publishedOnly=false`)).totalCount).toBe(5);
    expect((await list(`category=${encodeURIComponent(CATEGORY)}&publishedOnly=false`, tokens.moderator)).totalCount).toBe(6);
    const count = async (query: string, token?: string) => {
      const res = await call(`/api/gameinfo/categories${query}`, { token });
      expect(res.status).toBe(200);
      return ((await res.json()) as GameInfoCategories).categories.find((c) => c.value === CATEGORY)?.count;
    };
    expect(await count("")).toBe(5);
    expect(await count("?publishedOnly=false", tokens.user)).toBe(5);
    expect(await count("?publishedOnly=false", tokens.moderator)).toBe(6);
    expect((await call("/api/gameinfo/categories?publishedOnly=maybe")).status).toBe(400);
  });
});

describe("guide writes: history, restore and stale versions", () => {
  it("create (201), update (200) and delete (204) each leave a history entry by their author", async () => {
    const created = await send("POST", "/api/gameinfo", guideBody());
    expect(created.status).toBe(201);
    const guide = created.body;
    const updated = await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, summary: "Hold the gate at all costs.", updatedAt: guide.updatedAt });
    expect(updated.status).toBe(200);
    expect(updated.body.updatedAt > guide.updatedAt).toBe(true);
    // Saving the same values again writes nothing (no history entry, same version).
    const same = await send("PUT", `/api/gameinfo/${guide.id}`, { ...updated.body });
    expect(same.body.updatedAt).toBe(updated.body.updatedAt);
    expect((await send("DELETE", `/api/gameinfo/${guide.id}`)).status).toBe(204);

    const entries = (await history(guide.id)).items;
    expect(entries.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(entries.every((e) => e.user?.id === moderatorId && e.user.name === "Gwen Guide")).toBe(true);
    expect(entries[1]!.changes).toEqual([{ field: "summary", old: "Keep the gate.", new: "Hold the gate at all costs." }]);
    // The history keeps the whole text, so a restore can put it back.
    expect(entries[0]!.changes.find((c) => c.field === "content")).toEqual({ field: "content", old: "First, the gate.\nThen the walls.", new: null });
  });

  it("refuses a save based on an older version with 409 stale_version and the stored guide", async () => {
    const guide = (await send("POST", "/api/gameinfo", guideBody())).body;
    const theirs = await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, title: "Their title", updatedAt: guide.updatedAt }, tokens.admin);
    expect(theirs.status).toBe(200);
    const mine = await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, title: "My title", updatedAt: guide.updatedAt });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe("stale_version");
    expect(mine.body.current).toMatchObject({ id: guide.id, title: "Their title", updatedAt: theirs.body.updatedAt });
    // Keep mine: saved again on their version.
    expect((await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, title: "My title", updatedAt: theirs.body.updatedAt })).status).toBe(200);
  });

  it("restores an update's old values as a new change (200), and refuses a stale restore (409)", async () => {
    const guide = (await send("POST", "/api/gameinfo", guideBody({ content: "Version one." }))).body;
    const v2 = (await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, content: "Version two.", updatedAt: guide.updatedAt })).body;
    const change = (await history(guide.id)).items[0]!;
    expect(change.action).toBe("update");

    const stale = await send("POST", `/api/history/${change.id}/restore`, { updatedAt: guide.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale_version");

    const restored = await send("POST", `/api/history/${change.id}/restore`, { updatedAt: v2.updatedAt });
    expect(restored.status).toBe(200);
    expect((restored.body as unknown as { record: GameInfoArticle }).record.content).toBe("Version one.");
    const entries = (await history(guide.id)).items;
    expect(entries[0]).toMatchObject({ action: "restore", restoredFrom: change.id });
    expect((await send("GET", `/api/gameinfo/${guide.id}`, undefined, tokens.moderator)).body.content).toBe("Version one.");
  });

  it("restores a deleted guide under its old id and slug (200); a second restore of the deletion is 409", async () => {
    const guide = (await send("POST", "/api/gameinfo", guideBody())).body;
    expect((await send("DELETE", `/api/gameinfo/${guide.id}`)).status).toBe(204);
    expect((await call(`/api/gameinfo/slug/${guide.slug}`)).status).toBe(404);
    const deletion = (await history(guide.id)).items[0]!;
    expect(deletion.action).toBe("delete");

    const restored = await send("POST", `/api/history/${deletion.id}/restore`, {});
    expect(restored.status).toBe(200);
    const page = await call(`/api/gameinfo/slug/${guide.slug}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as GameInfoArticle).id).toBe(guide.id);
    expect((await send("POST", `/api/history/${deletion.id}/restore`, {})).status).toBe(409);
  });

  it("answers a duplicate slug as a field error (409 with errors.slug), never a 500", async () => {
    const slug = `dup-${Date.now().toString(36)}`;
    await insertGameInfo({ slug });
    const guide = (await send("POST", "/api/gameinfo", guideBody())).body;
    const res = await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, slug });
    expect(res.status).toBe(409);
    expect(res.body.errors?.slug).toEqual(["An article with this slug already exists."]);
  });

  it("refuses history and restore of guides to guests (401) and users (403)", async () => {
    expect((await call("/api/history?entity=gameinfo&id=1")).status).toBe(401);
    expect((await call("/api/history?entity=gameinfo&id=1", { token: tokens.user })).status).toBe(403);
  });
});

describe("a slug change redirects", () => {
  /** A new published guide whose slug was changed once (tests run shuffled: each has its own). */
  async function movedGuide() {
    const created = (await send("POST", "/api/gameinfo", guideBody({ title: unique("Moving guide") }))).body;
    const oldSlug = created.slug;
    const moved = await send("PUT", `/api/gameinfo/${created.id}`, { ...created, slug: `${oldSlug}-moved`, updatedAt: created.updatedAt });
    expect(moved.status).toBe(200);
    return { guide: moved.body, oldSlug };
  }

  it("GET /api/gameinfo/slug/{old} answers the guide under its current slug (200), its related ones too", async () => {
    const { oldSlug } = await movedGuide();
    const res = await call(`/api/gameinfo/slug/${oldSlug}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as GameInfoArticle).slug).toBe(`${oldSlug}-moved`);
    expect((await call(`/api/gameinfo/slug/${oldSlug}/related`)).status).toBe(200);
  });

  it("GET /game-info/{old} is a 301 to /game-info/{new} with the query kept; the new one is the page (200)", async () => {
    const { guide, oldSlug } = await movedGuide();
    const res = await call(`/game-info/${oldSlug}?ref=old-link`, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`/game-info/${oldSlug}-moved?ref=old-link`);
    const page = await call(`/game-info/${oldSlug}-moved`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(guide.title);
  });

  it("a chain of renames redirects every old slug to the current one; taking a slug back removes its redirect", async () => {
    const { guide, oldSlug } = await movedGuide();
    const third = await send("PUT", `/api/gameinfo/${guide.id}`, { ...guide, slug: `${oldSlug}-third`, updatedAt: guide.updatedAt });
    expect(third.status).toBe(200);
    for (const slug of [oldSlug, `${oldSlug}-moved`]) {
      const res = await call(`/game-info/${slug}`, { headers: { Accept: "text/html" }, redirect: "manual" });
      expect(res.headers.get("Location"), slug).toBe(`/game-info/${oldSlug}-third`);
    }
    const back = await send("PUT", `/api/gameinfo/${guide.id}`, { ...third.body, slug: oldSlug });
    expect(back.status).toBe(200);
    const rows = await env.DB.prepare("SELECT slug FROM game_info_slug_redirects WHERE article_id = ?1 ORDER BY slug").bind(guide.id).all<{ slug: string }>();
    expect(rows.results.map((r) => r.slug)).toEqual([`${oldSlug}-moved`, `${oldSlug}-third`]);
    expect((await call(`/game-info/${oldSlug}`, { headers: { Accept: "text/html" }, redirect: "manual" })).status).toBe(200);
  });

  it("another guide may take a freed slug; the old address then shows that guide (200)", async () => {
    const { oldSlug: freed } = await movedGuide();
    const other = await send("POST", "/api/gameinfo", guideBody({ slug: freed }));
    expect(other.status).toBe(201);
    const res = await call(`/api/gameinfo/slug/${freed}`);
    expect(((await res.json()) as GameInfoArticle).id).toBe(other.body.id);
  });

  it("a slug stays hidden from guests while its guide is a draft (404)", async () => {
    const draft = (await send("POST", "/api/gameinfo", guideBody({ isPublished: false }))).body;
    const moved = await send("PUT", `/api/gameinfo/${draft.id}`, { ...draft, slug: `${draft.slug}-2` });
    expect(moved.status).toBe(200);
    expect((await call(`/api/gameinfo/slug/${draft.slug}`)).status).toBe(404);
    expect((await call(`/api/gameinfo/slug/${draft.slug}`, { token: tokens.moderator })).status).toBe(200);
  });
});
