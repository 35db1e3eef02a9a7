/**
 * The moderation queue of media items (issue 34 §2): counts per state, the Pending filter, and
 * approving or rejecting one item or a selection through POST /api/media/review, where a stale
 * or missing item is reported and the rest are still reviewed, each with its audit row.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { MediaItem, MediaListResponse, MediaReviewResponse, MediaStatusCounts } from "../../shared/schemas/media";
import { openDatabase } from "../../worker/db/client";
import { reviewItems } from "../../worker/db/queries/media/review";
import { selectItems, type MediaRow } from "../../worker/db/queries/media/common";
import { mediaItems } from "../../worker/db/schema";
import worker from "../../worker/index";
import { countingD1 } from "./counting-d1";
import { call, userWithToken } from "./helpers";

const people = { user: { id: 0, token: "" }, moderator: { id: 0, token: "" }, admin: { id: 0, token: "" } };
let categoryId = 0;
let seq = 0;

beforeAll(async () => {
  people.user = await userWithToken(["User"]);
  people.moderator = await userWithToken(["User", "Moderator"], { firstName: "Milo", lastName: "Ferris" });
  people.admin = await userWithToken(["User", "Admin"]);
  const cat = await env.DB.prepare("INSERT INTO media_categories (name, slug, color) VALUES ('Queue', 'queue-cat', '#3B82F6') RETURNING id").first<{ id: number }>();
  categoryId = cat!.id;
});

/** A media item straight into D1: pending unless said otherwise, uploaded by the moderator. */
async function item(options: { title?: string; approved?: boolean; rejected?: string; uploader?: number | null } = {}) {
  const n = ++seq;
  const row = await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_url, thumbnail_status, uploaded_by, rejected_at, rejection_reason)
     VALUES (?1, 'About ' || ?1, 'image', ?2, ?3, 'https://cdn.example.com/a.jpg', 'ready', ?4, ?5, ?6) RETURNING id, updated_at AS updatedAt`,
  )
    .bind(
      options.title ?? `Queue item ${n} ${Date.now().toString(36)}`,
      categoryId,
      options.approved ? 1 : 0,
      options.uploader === undefined ? people.moderator.id : options.uploader,
      options.rejected ? "2026-01-01T00:00:00.000Z" : null,
      options.rejected ?? null,
    )
    .first<{ id: number; updatedAt: string }>();
  return row!;
}

const review = (body: unknown, token = people.moderator.token) => call("/api/media/review", { method: "POST", json: body, token });
const stored = (id: number) =>
  env.DB.prepare("SELECT is_approved AS isApproved, rejected_at AS rejectedAt, rejection_reason AS reason, updated_at AS updatedAt FROM media_items WHERE id = ?1")
    .bind(id)
    .first<{ isApproved: number; rejectedAt: string | null; reason: string | null; updatedAt: string }>();
const audit = (id: number) =>
  env.DB.prepare("SELECT user_id AS userId, action, details FROM audit_log WHERE entity_type = 'media' AND entity_id = ?1 ORDER BY id")
    .bind(String(id))
    .all<{ userId: number; action: string; details: string }>()
    .then((r) => r.results.map((row) => ({ ...row, details: JSON.parse(row.details) as unknown })));
const list = async (query: string, token?: string) => (await (await call(`/api/media${query}`, { token })).json()) as MediaListResponse;

describe("POST /api/media/review", () => {
  it("refuses guests (401) and members (403), and writes nothing", async () => {
    const { id, updatedAt } = await item();
    expect((await review({ decision: "approve", items: [{ id, updatedAt }] }, "")).status).toBe(401);
    expect((await review({ decision: "approve", items: [{ id, updatedAt }] }, people.user.token)).status).toBe(403);
    expect((await stored(id))!.isApproved).toBe(0);
  });

  it("bulk approve: a stale and a missing item are reported, the rest are approved with an audit row each (200)", async () => {
    const a = await item();
    const b = await item();
    const stale = await item();
    // Someone edited this one after the moderator loaded the queue.
    await env.DB.prepare("UPDATE media_items SET title = title || ' (edited)', updated_at = '2099-01-01T00:00:00.000Z' WHERE id = ?1").bind(stale.id).run();
    const missing = 987_654_321;
    const res = await review({
      decision: "approve",
      items: [a, { id: missing, updatedAt: a.updatedAt }, stale, b].map(({ id, updatedAt }) => ({ id, updatedAt })),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MediaReviewResponse;
    expect(body.decision).toBe("approve");
    expect(body.done).toEqual([a.id, b.id]);
    expect(body.failed.map((f) => [f.id, f.code])).toEqual([
      [missing, "not_found"],
      [stale.id, "stale_version"],
    ]);
    const staleFailure = body.failed.find((f) => f.id === stale.id)!;
    expect(staleFailure.current).toMatchObject({ id: stale.id, status: "pending", updatedAt: "2099-01-01T00:00:00.000Z" });

    for (const id of [a.id, b.id]) {
      expect(await stored(id)).toMatchObject({ isApproved: 1, rejectedAt: null, reason: null });
      expect(await audit(id)).toEqual([
        { userId: people.moderator.id, action: "update", details: { before: { isApproved: false }, after: { isApproved: true } } },
      ]);
    }
    expect((await stored(stale.id))!.isApproved).toBe(0);
    expect(await audit(stale.id)).toEqual([]);

    // In the gallery now: a guest lists them.
    const gallery = await list("?pageSize=100");
    expect(gallery.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(gallery.items.map((i) => i.id)).not.toContain(stale.id);
  });

  it("an item already approved is done without a write; an id named twice counts once", async () => {
    const done = await item({ approved: true });
    const res = await review({ decision: "approve", items: [{ id: done.id }, { id: done.id, updatedAt: done.updatedAt }] });
    expect(((await res.json()) as MediaReviewResponse).done).toEqual([done.id]);
    expect((await stored(done.id))!.updatedAt).toBe(done.updatedAt);
    expect(await audit(done.id)).toEqual([]);
  });

  it("rejecting needs a reason (400 with the field error), then keeps the item out of the gallery with it", async () => {
    const { id, updatedAt } = await item({ title: "Blurry screenshot" });
    const bare = await review({ decision: "reject", items: [{ id, updatedAt }] });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { errors: Record<string, string[]> }).errors.reason).toEqual(["Say why the item is rejected: its uploader reads it."]);
    const blank = await review({ decision: "reject", items: [{ id, updatedAt }], reason: "   " });
    expect(blank.status).toBe(400);

    const res = await review({ decision: "reject", items: [{ id, updatedAt }], reason: "  Too blurry to read the map.  " });
    expect(((await res.json()) as MediaReviewResponse).done).toEqual([id]);
    expect(await stored(id)).toMatchObject({ isApproved: 0, reason: "Too blurry to read the map." });
    expect((await stored(id))!.rejectedAt).not.toBeNull();
    expect(await audit(id)).toEqual([
      {
        userId: people.moderator.id,
        action: "update",
        details: { before: { rejectionReason: null }, after: { rejectionReason: "Too blurry to read the map." } },
      },
    ]);

    // Moderators read the state and the reason; guests never see the item at all.
    const mine = await (await call(`/api/media/${id}`, { token: people.moderator.token })).json() as MediaItem;
    expect(mine).toMatchObject({ status: "rejected", rejectionReason: "Too blurry to read the map.", uploadedBy: { id: people.moderator.id, name: "Milo Ferris" } });
    expect((await call(`/api/media/${id}`)).status).toBe(404);
  });

  it("approving a rejected item ends the rejection (the PUT toggle does too)", async () => {
    const viaReview = await item({ rejected: "Off topic." });
    await review({ decision: "approve", items: [{ id: viaReview.id, updatedAt: viaReview.updatedAt }] });
    expect(await stored(viaReview.id)).toMatchObject({ isApproved: 1, rejectedAt: null, reason: null });

    const viaToggle = await item({ rejected: "Off topic." });
    const current = (await (await call(`/api/media/${viaToggle.id}`, { token: people.admin.token })).json()) as MediaItem;
    const put = await call(`/api/media/${viaToggle.id}`, { method: "PUT", json: { ...current, factionId: 0, isApproved: true }, token: people.admin.token });
    expect(put.status).toBe(200);
    expect(((await put.json()) as MediaItem).status).toBe("approved");
    expect(await stored(viaToggle.id)).toMatchObject({ isApproved: 1, rejectedAt: null, reason: null });
  });

  it("refuses a bad body (400): no items, too many, an unknown decision, a reason too long", async () => {
    const { id } = await item();
    for (const body of [
      { decision: "approve", items: [] },
      { decision: "approve", items: Array.from({ length: 101 }, (_, i) => ({ id: i + 1 })) },
      { decision: "publish", items: [{ id }] },
      { decision: "reject", items: [{ id }], reason: "x".repeat(501) },
      { decision: "approve", items: [{ id: -1 }] },
    ]) {
      expect((await review(body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });
});

describe("the queue: status filter, counts, the uploader's own items, the dashboard", () => {
  it("lists one moderation state for moderators; guests and members only ever get approved items", async () => {
    const pending = await item();
    const rejected = await item({ rejected: "Duplicate." });
    const approved = await item({ approved: true });
    const ids = (body: MediaListResponse) => body.items.map((i) => i.id);
    const forModerator = async (status: string) => ids(await list(`?status=${status}&pageSize=100`, people.moderator.token));
    expect(await forModerator("pending")).toContain(pending.id);
    expect(await forModerator("pending")).not.toContain(rejected.id);
    expect(await forModerator("rejected")).toEqual(expect.arrayContaining([rejected.id]));
    expect(await forModerator("rejected")).not.toContain(pending.id);
    expect(await forModerator("approved")).toContain(approved.id);
    for (const token of [undefined, people.user.token]) {
      const seen = ids(await list("?status=pending&pageSize=100", token));
      expect(seen).not.toContain(pending.id);
      expect(seen).toContain(approved.id);
    }
    expect((await call("/api/media?status=waiting")).status).toBe(400);
  });

  it("GET /api/media/status-counts counts each state (moderators only)", async () => {
    const before = (await (await call("/api/media/status-counts", { token: people.moderator.token })).json()) as MediaStatusCounts;
    await item();
    await item({ rejected: "No." });
    const after = (await (await call("/api/media/status-counts", { token: people.admin.token })).json()) as MediaStatusCounts;
    expect(after).toEqual({ pending: before.pending + 1, approved: before.approved, rejected: before.rejected + 1 });
    expect((await call("/api/media/status-counts")).status).toBe(401);
    expect((await call("/api/media/status-counts", { token: people.user.token })).status).toBe(403);
  });

  it("mine=true lists the caller's own uploads in every state, with the reason of a rejected one", async () => {
    const uploader = await userWithToken(["User", "Moderator"]);
    const own = await item({ uploader: uploader.id, rejected: "Not from the game." });
    const other = await item();
    const body = await list("?mine=true&pageSize=100", uploader.token);
    expect(body.items.map((i) => i.id)).toEqual([own.id]);
    expect(body.items[0]).toMatchObject({ status: "rejected", rejectionReason: "Not from the game." });
    expect(body.items.map((i) => i.id)).not.toContain(other.id);
  });

  it("the dashboard counts the media waiting", async () => {
    const read = async () => ((await (await call("/api/admin/dashboard/stats", { token: people.moderator.token })).json()) as { media: { pending: number } }).media.pending;
    const before = await read();
    const { id, updatedAt } = await item();
    expect(await read()).toBe(before + 1);
    await review({ decision: "approve", items: [{ id, updatedAt }] });
    expect(await read()).toBe(before);
  });
});

describe("two reviews in the same millisecond (the same new stamp)", () => {
  const T = new Date("2030-01-01T00:00:00.000Z");

  it("the review whose write changed no row is stale, reports the item as stored and adds no audit row", async () => {
    const db = openDatabase(env.DB);
    const { id } = await item();
    // Reviewer B read the pending item...
    const read = (await selectItems(db).where(eq(mediaItems.id, id))) as MediaRow[];
    // ...then reviewer A approved it with the stamp B is about to compute (the clock stands at T).
    await env.DB.prepare("UPDATE media_items SET is_approved = 1, updated_at = ?1 WHERE id = ?2").bind(T.toISOString(), id).run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    let outcomes;
    try {
      outcomes = await reviewItems(db, [{ id }], read, "reject", "Not fitting", { userId: people.moderator.id });
    } finally {
      vi.useRealTimers();
    }
    expect(outcomes).toMatchObject([{ id, ok: false, kind: "stale", current: { id, isApproved: true, updatedAt: T.toISOString() } }]);
    expect(await stored(id)).toMatchObject({ isApproved: 1, reason: null, updatedAt: T.toISOString() });
    expect(await audit(id)).toEqual([]);
  });
});

describe("the cost of a review in D1 round trips", () => {
  const counter = countingD1(env.DB);
  async function trips(items: { id: number; updatedAt: string }[]) {
    const ctx = createExecutionContext();
    const before = counter.trips;
    const res = await worker.fetch(
      new Request("http://example.com/api/media/review", {
        method: "POST",
        headers: { Authorization: `Bearer ${people.moderator.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ decision: "approve", items }),
      }),
      { ...env, DB: counter.db },
      ctx,
    );
    const body = (await res.json()) as MediaReviewResponse;
    await waitOnExecutionContext(ctx);
    return { status: res.status, done: body.done.length, trips: counter.trips - before };
  }

  it("approving 100 items (the most a call takes: 200, all done) costs as many round trips as approving one", async () => {
    const one = await trips([await item()]);
    const hundred = await trips(await Promise.all(Array.from({ length: 100 }, () => item())));
    expect(one).toMatchObject({ status: 200, done: 1 });
    expect(hundred).toMatchObject({ status: 200, done: 100 });
    expect(hundred.trips).toBe(one.trips);
    console.log(`media review: ${one.trips} D1 round trips for 1 item and for 100`);
  });
});
