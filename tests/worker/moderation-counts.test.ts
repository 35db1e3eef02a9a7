/**
 * The moderators' totals are kept by triggers in facet_counts (migration 0021) so the media
 * manager, the moderation queue, the dashboard and the game-assets grid read one row per state or
 * total instead of counting every item or unit: pending and rejected items per combination of the
 * gallery's filters (`media_pending`, `media_rejected`, keyed like `media_gallery`) and every unit,
 * hidden ones too (`unit_all`, and per faction `unit_all_faction`, where a moderator's deep page
 * starts). Each kept number must equal the real count through uploads,
 * approval, rejection and its end, edits of category, faction, type and featured, and deletes,
 * through the API and straight in SQL; a key nothing has any more has no row. Each test makes its
 * own rows (the file's tests run in any order).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaItem, MediaStatusCounts } from "../../shared/schemas/media";
import { call, userWithToken, setSettings } from "./helpers";
import { insertFaction, insertUnit, unique } from "./game-fixtures";
import { galleryKeysOf } from "./gallery-keys";

const all = async <T>(query: string) => (await env.DB.prepare(query).all<T>()).results;

type Item = { id: number; category_id: number | null; faction_id: number | null; media_type: string; is_featured: number; is_approved: number; rejected_at: string | null };

/** The pending and rejected counts per key, counted from the items. */
async function realStates(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const items = await all<Item>("SELECT id, category_id, faction_id, media_type, is_featured, is_approved, rejected_at FROM media_items WHERE is_approved = 0");
  for (const item of items) {
    const list = item.rejected_at === null ? "media_pending" : "media_rejected";
    for (const key of galleryKeysOf(item)) counts[`${list}|${key}`] = (counts[`${list}|${key}`] ?? 0) + 1;
  }
  return counts;
}

async function keptStates(): Promise<Record<string, number>> {
  const rows = await all<{ list: string; value: string; n: number }>("SELECT list, value, n FROM facet_counts WHERE list IN ('media_pending', 'media_rejected')");
  return Object.fromEntries(rows.map((r) => [`${r.list}|${r.value}`, r.n]));
}

const realCount = async (where: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM media_items WHERE ${where}`).first<{ n: number }>())!.n;

let moderator = "";
let admin = "";

beforeAll(async () => {
  // The outside image hosts these writes name are allowed (site settings, ADR 0048).
  await setSettings({ imageHosts: ["video.example.com"] });
  moderator = (await userWithToken(["Moderator"])).token;
  admin = (await userWithToken(["Admin"])).token;
});

/** The kept state counts match the items (no row for a key nothing has), and so do the queue's, the dashboard's and the manager's totals. */
async function expectStatesKept() {
  expect(await keptStates()).toEqual(await realStates());
  const res = await call("/api/media/status-counts", { token: moderator });
  expect(res.status).toBe(200);
  const counts = (await res.json()) as MediaStatusCounts;
  expect(counts).toEqual({
    pending: await realCount("is_approved = 0 AND rejected_at IS NULL"),
    approved: await realCount("is_approved = 1"),
    rejected: await realCount("is_approved = 0 AND rejected_at IS NOT NULL"),
  });
  const stats = await call("/api/admin/dashboard/stats", { token: admin });
  expect(stats.status).toBe(200);
  expect(((await stats.json()) as { media: { pending: number } }).media.pending).toBe(counts.pending);
  const list = await call("/api/media?pageSize=1", { token: moderator });
  expect(list.status).toBe(200);
  expect(((await list.json()) as { totalCount: number }).totalCount).toBe(await realCount("1 = 1"));
}

const STATE_WHERE = { "": "1 = 1", pending: "is_approved = 0 AND rejected_at IS NULL", rejected: "is_approved = 0 AND rejected_at IS NOT NULL", approved: "is_approved = 1" };

/**
 * Every state and combination of filters a moderator may ask: the total and the first page equal
 * the same list counted and ordered straight from media_items. 96 requests: the tests run it where
 * the items are most varied and after the deletes; after every change, expectStatesKept compares
 * every kept number the lists read with the real count (one query per list).
 */
async function expectEveryModeratorList(categoryId: number, factionId: number) {
  for (const [status, stateWhere] of Object.entries(STATE_WHERE))
    for (const category of [0, categoryId])
      for (const faction of [0, factionId])
        for (const type of ["", "image", "video"])
          for (const featured of [false, true]) {
            const where = [stateWhere];
            if (category) where.push(`category_id = ${category}`);
            if (faction) where.push(`faction_id = ${faction}`);
            if (type) where.push(`media_type = '${type}'`);
            if (featured) where.push("is_featured = 1");
            const real = (await all<{ id: number }>(`SELECT id FROM media_items WHERE ${where.join(" AND ")} ORDER BY sort_order, created_at DESC, id DESC LIMIT 5`)).map((r) => r.id);
            const query = new URLSearchParams({ pageSize: "5" });
            if (status) query.set("status", status);
            if (category) query.set("categoryId", String(category));
            if (faction) query.set("factionId", String(faction));
            if (type) query.set("mediaType", type);
            if (featured) query.set("featuredOnly", "true");
            const res = await call(`/api/media?${query}`, { token: moderator });
            expect(res.status, String(query)).toBe(200);
            const body = (await res.json()) as { totalCount: number; items: { id: number }[] };
            expect({ query: String(query), total: body.totalCount, ids: body.items.map((i) => i.id) }).toEqual({
              query: String(query),
              total: await realCount(where.join(" AND ")),
              ids: real,
            });
          }
}

describe("kept moderation totals (media)", () => {
  it("GET /api/media (moderators), /api/media/status-counts and the dashboard answer 200 with the real totals after every kind of change through the API", async () => {
    const suffix = unique("mod").replace(/\W/g, "-").toLowerCase();
    const categoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Queue A', ?) RETURNING id").bind(`queue-a-${suffix}`).first<{ id: number }>())!.id;
    const otherCategoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Queue B', ?) RETURNING id").bind(`queue-b-${suffix}`).first<{ id: number }>())!.id;
    const factionId = await insertFaction();
    await expectStatesKept();

    // Uploads (created pending whatever the body says).
    const body = { title: "Queued", description: "D", mediaType: "image", categoryId, factionId, originalUrl: "https://video.example.com/watch/q" };
    const created: MediaItem[] = [];
    for (const over of [{}, { mediaType: "video" }, { categoryId: otherCategoryId, factionId: null }]) {
      const res = await call("/api/media", { method: "POST", token: moderator, json: { ...body, ...over } });
      expect(res.status).toBe(201);
      created.push((await res.json()) as MediaItem);
    }
    await expectStatesKept();
    const [a, b, c] = created as [MediaItem, MediaItem, MediaItem];

    // Reject one, approve another (the queue), then end the rejection by approving it.
    const review = (decision: string, item: MediaItem, reason?: string) =>
      call("/api/media/review", { method: "POST", token: moderator, json: { decision, items: [{ id: item.id }], reason } });
    expect((await review("reject", a, "Blurry.")).status).toBe(200);
    expect((await review("approve", b)).status).toBe(200);
    await expectStatesKept();
    expect((await review("approve", a)).status).toBe(200);
    await expectStatesKept();
    expect((await review("reject", a, "Not from the game.")).status).toBe(200);

    // Edits: category, faction, type and featured of a pending and a rejected item; unapproving.
    const put = (item: MediaItem, over: Record<string, unknown>) =>
      call(`/api/media/${item.id}`, { method: "PUT", token: moderator, json: { ...body, isApproved: false, ...over } });
    expect((await put(c, { categoryId, factionId, mediaType: "gif", isFeatured: true })).status).toBe(200);
    expect((await put(a, { categoryId: otherCategoryId, mediaType: "video", isFeatured: true })).status).toBe(200);
    expect((await put(b, { isApproved: false })).status).toBe(200);
    await expectStatesKept();
    await expectEveryModeratorList(categoryId, factionId);

    // Deletes.
    for (const item of created) expect((await call(`/api/media/${item.id}`, { method: "DELETE", token: moderator })).status).toBe(204);
    await expectStatesKept();
    await expectEveryModeratorList(categoryId, factionId);
    // Nothing is in the category any more: no kept row names it.
    const left = await all<{ value: string }>(`SELECT value FROM facet_counts WHERE list IN ('media_pending', 'media_rejected') AND value LIKE '${categoryId}:%'`);
    expect(left).toEqual([]);
  }, 60_000);

  it("the kept state counts hold through changes straight in SQL (inserts, rejection and its end, edits, a category's deletion, deletes)", async () => {
    const suffix = unique("sql").replace(/\W/g, "-").toLowerCase();
    const categoryId = (await env.DB.prepare("INSERT INTO media_categories (name, slug) VALUES ('Queue C', ?) RETURNING id").bind(`queue-c-${suffix}`).first<{ id: number }>())!.id;
    const factionId = await insertFaction();
    const insert = async (type: string, rejected: boolean, category: number | null = categoryId, faction: number | null = factionId) =>
      (await env.DB.prepare(
        `INSERT INTO media_items (title, media_type, category_id, faction_id, is_approved, original_url, thumbnail_status, rejected_at, rejection_reason)
         VALUES ('Queued', ?, ?, ?, 0, 'https://example.com/v', 'ready', ?, ?) RETURNING id`,
      ).bind(type, category, faction, rejected ? "2026-01-01T00:00:00.000Z" : null, rejected ? "No." : null).first<{ id: number }>())!.id;
    const ids = [await insert("image", false), await insert("video", true), await insert("image", false, null, factionId), await insert("gif", true, categoryId, null)];
    await expectStatesKept();

    const run = (query: string, ...binds: unknown[]) => env.DB.prepare(query).bind(...binds).run();
    // Un-reject (back to pending), reject, a rejection's date changed (same state).
    await run("UPDATE media_items SET rejected_at = NULL, rejection_reason = NULL WHERE id = ?", ids[1]);
    await run("UPDATE media_items SET rejected_at = '2026-02-02T00:00:00.000Z' WHERE id = ?", ids[0]);
    await run("UPDATE media_items SET rejected_at = '2026-03-03T00:00:00.000Z' WHERE id = ?", ids[3]);
    await expectStatesKept();
    // Edits of every key column, featured flipped, approved and unapproved in SQL.
    await run("UPDATE media_items SET category_id = NULL, faction_id = ?, media_type = 'video', is_featured = 1 WHERE id = ?", factionId, ids[0]);
    await run("UPDATE media_items SET is_featured = 1 - is_featured, category_id = ? WHERE id IN (?, ?)", categoryId, ids[2], ids[3]);
    await expectStatesKept();
    await expectEveryModeratorList(categoryId, factionId);
    await run("UPDATE media_items SET is_approved = 1 - is_approved WHERE id IN (?, ?)", ids[1], ids[2]);
    await expectStatesKept();
    await run("UPDATE media_items SET is_approved = 0 WHERE id IN (?, ?)", ids[1], ids[2]);
    await expectStatesKept();
    // A category's deletion sets its items' category to NULL (the foreign key).
    await run("DELETE FROM media_categories WHERE id = ?", categoryId);
    await expectStatesKept();
    await run("DELETE FROM media_items WHERE id = ?", ids[0]);
    await expectStatesKept();
    await env.DB.prepare(`DELETE FROM media_items WHERE id IN (${ids.join(",")})`).run();
    await expectStatesKept();
    const left = await all<{ value: string }>(`SELECT value FROM facet_counts WHERE list IN ('media_pending', 'media_rejected') AND value LIKE '%:${factionId}:%'`);
    expect(left).toEqual([]);
  }, 60_000);
});

describe("kept unit totals with hidden units (unit_all, unit_all_faction)", () => {
  const realUnits = async () => (await env.DB.prepare("SELECT count(*) AS n FROM units").first<{ n: number }>())!.n;
  const keptUnits = async () => (await env.DB.prepare("SELECT n FROM facet_counts WHERE list = 'unit_all' AND value = ''").first<{ n: number }>())?.n ?? 0;

  /** The kept totals (per faction too; a faction with none may keep a 0) match the units, and so do the moderator's list's totals and pages. */
  async function expectUnitsKept(token: string) {
    expect(await keptUnits()).toBe(await realUnits());
    const perFaction = await all<{ value: string; n: number }>("SELECT value, n FROM facet_counts WHERE list = 'unit_all_faction' AND n <> 0 ORDER BY value");
    const real = await all<{ value: string; n: number }>("SELECT CAST(faction_id AS TEXT) AS value, count(*) AS n FROM units GROUP BY faction_id ORDER BY 1");
    expect(perFaction).toEqual(real);
    const res = await call("/api/unit?activeOnly=false&pageSize=1", { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { totalCount: number }).totalCount).toBe(await realUnits());
    // Every page (a deep one starts at its faction from the kept counts) holds what plain OFFSET gives, past the end included.
    const pageSize = 3;
    for (let page = 1; page <= Math.ceil((await realUnits()) / pageSize) + 1; page++) {
      const body = (await (await call(`/api/unit?activeOnly=false&pageSize=${pageSize}&page=${page}`, { token })).json()) as { items: { id: number }[] };
      const expected = await all<{ id: number }>(`SELECT id FROM units ORDER BY faction_id, tier, upgrade_level, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
      expect(body.items.map((u) => u.id), `page ${page}`).toEqual(expected.map((u) => u.id));
    }
    for (const { value, n } of real) {
      const one = (await (await call(`/api/unit?activeOnly=false&factionId=${value}`, { token })).json()) as { totalCount: number };
      expect(one.totalCount, `faction ${value}`).toBe(n);
    }
  }

  it("GET /api/unit?activeOnly=false (moderators) answers 200 with the real totals and pages after inserts, hiding, moves and deletes through the API and in SQL", async () => {
    const { token } = await userWithToken(["Moderator"]);
    await expectUnitsKept(token);
    const factionId = await insertFaction();
    const ids = [await insertUnit(factionId), await insertUnit(factionId, { is_active: 0 })];
    await expectUnitsKept(token);

    const unitBody = { factionId, name: unique("Kept Unit"), description: "D", tier: 2, attack: 5, defense: 5, minDamage: 1, maxDamage: 2, health: 10, speed: 4, unitType: "Infantry", specialAbilities: [] };
    const res = await call("/api/unit", { method: "POST", token, json: unitBody });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { id: number }).id;
    await expectUnitsKept(token);
    // Hidden through the API and in SQL: still counted.
    expect((await call(`/api/unit/${created}`, { method: "PUT", token, json: { ...unitBody, isActive: false } })).status).toBe(200);
    await env.DB.prepare("UPDATE units SET is_active = 1 - is_active WHERE id IN (?, ?)").bind(ids[0], ids[1]).run();
    await expectUnitsKept(token);
    // Moved to another faction, in SQL and through the API.
    const otherFaction = await insertFaction({ is_active: 0 });
    await env.DB.prepare("UPDATE units SET faction_id = ? WHERE id = ?").bind(otherFaction, ids[1]).run();
    expect((await call(`/api/unit/${created}`, { method: "PUT", token, json: { ...unitBody, factionId: otherFaction, isActive: false } })).status).toBe(200);
    await expectUnitsKept(token);
    expect((await call(`/api/unit/${created}`, { method: "DELETE", token })).status).toBe(204);
    await env.DB.prepare("DELETE FROM units WHERE id = ?").bind(ids[0]).run();
    await expectUnitsKept(token);
    // A faction's delete takes its units (the foreign key's cascade).
    await insertUnit(factionId);
    await env.DB.prepare("DELETE FROM factions WHERE id = ?").bind(factionId).run();
    await expectUnitsKept(token);
  }, 60_000);
});
