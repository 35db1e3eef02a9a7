/**
 * The moderation queue of media items: counts per state, and approving or rejecting one item
 * or a selection. A review reads the items once, then writes every change in one batch, each
 * item guarded by the version it read (worker/db/queries/versioned.ts); an item that is missing,
 * or changed since the version the moderator saw (or since it was read), is reported and the
 * others are still written. Each change has its audit row in the same batch, inserted only when
 * its item's write changed the row (`wroteStamp`).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../client";
import type { MediaStatusCounts, ReviewDecision } from "../../../../shared/schemas/media";
import { auditLog, mediaItems } from "../../schema";
import type { Actor } from "../game-common";
import { isStale, nextStamp, sameStamp, wroteStamp } from "../versioned";
import { kept } from "../game-counts";
import { selectItems, type MediaRow } from "./common";
import { ALL_ITEMS, STATE_COUNTS } from "./list";

/**
 * How many items wait, are in the gallery and were rejected: the states' kept whole totals
 * (facet_counts, migrations 0018 and 0021), one row each, in one query.
 */
export async function mediaStatusCounts(db: Database): Promise<MediaStatusCounts> {
  const row = await db
    .select({
      approved: kept(STATE_COUNTS.approved, ALL_ITEMS).as("approved"),
      rejected: kept(STATE_COUNTS.rejected, ALL_ITEMS).as("rejected"),
      pending: kept(STATE_COUNTS.pending, ALL_ITEMS).as("pending"),
    })
    .from(sql`(SELECT 1)`)
    .get();
  return { pending: Number(row?.pending ?? 0), approved: Number(row?.approved ?? 0), rejected: Number(row?.rejected ?? 0) };
}

/**
 * `id IN (…)` for a selection as one bound JSON parameter: D1 binds at most 100 parameters a
 * statement, and a selection of 100 items plus the query's own parameters would pass that.
 */
const idIn = (ids: readonly number[]) => sql`${mediaItems.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The moderation fields a review changes, as the audit row records them. */
type Moderation = { isApproved: boolean; rejectionReason: string | null };

export type ReviewRequest = { id: number; updatedAt?: string };

export type ReviewOutcome =
  | { id: number; ok: true; row: MediaRow; changed: boolean }
  | { id: number; ok: false; kind: "not_found" }
  | { id: number; ok: false; kind: "stale"; current: MediaRow };

/**
 * Approves (into the gallery, any rejection ended) or rejects (out of it, with `reason`) the
 * items, answering each one's outcome in the order asked (an id named twice counts once). An
 * item already in the asked-for state is done without a write.
 */
export async function reviewMedia(
  db: Database,
  requests: readonly ReviewRequest[],
  decision: ReviewDecision,
  reason: string | null,
  actor: Actor,
): Promise<ReviewOutcome[]> {
  const unique = [...new Map(requests.map((r) => [r.id, r])).values()];
  const rows = (await selectItems(db).where(idIn(unique.map((r) => r.id)))) as MediaRow[];
  return reviewItems(db, unique, rows, decision, reason, actor);
}

/**
 * `reviewMedia` once the items are read (`rows`: as read, missing ones left out): each write is
 * based on the row read, and one whose row changed meanwhile (or went away) is reported.
 */
export async function reviewItems(
  db: Database,
  unique: readonly ReviewRequest[],
  rows: readonly MediaRow[],
  decision: ReviewDecision,
  reason: string | null,
  actor: Actor,
): Promise<ReviewOutcome[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const target: Moderation = decision === "approve" ? { isApproved: true, rejectionReason: null } : { isApproved: false, rejectionReason: reason };

  const outcomes = new Map<number, ReviewOutcome>();
  const writes: { row: MediaRow; stamp: string; before: Partial<Moderation>; after: Partial<Moderation> }[] = [];
  for (const request of unique) {
    const row = byId.get(request.id);
    if (!row) {
      outcomes.set(request.id, { id: request.id, ok: false, kind: "not_found" });
      continue;
    }
    if (isStale(request.updatedAt, row.updatedAt)) {
      outcomes.set(request.id, { id: request.id, ok: false, kind: "stale", current: row });
      continue;
    }
    const current: Moderation = { isApproved: row.isApproved, rejectionReason: row.isApproved ? null : row.rejectionReason };
    const before: Partial<Moderation> = {};
    const after: Partial<Moderation> = {};
    for (const key of ["isApproved", "rejectionReason"] as const) {
      if (current[key] !== target[key]) {
        (before as Record<string, unknown>)[key] = current[key];
        (after as Record<string, unknown>)[key] = target[key];
      }
    }
    // Approving an approved item, or rejecting a rejected one for the same reason: nothing to write.
    if (!Object.keys(after).length) outcomes.set(request.id, { id: request.id, ok: true, row, changed: false });
    else writes.push({ row, stamp: nextStamp(row.updatedAt), before, after });
  }

  if (writes.length) {
    const statements = writes.flatMap(({ row, stamp, before, after }) => [
      db
        .update(mediaItems)
        .set({
          isApproved: target.isApproved,
          rejectedAt: target.isApproved ? null : stamp,
          rejectionReason: target.rejectionReason,
          updatedAt: stamp,
        })
        .where(sameStamp(mediaItems, row.id, row.updatedAt))
        .returning({ id: mediaItems.id }),
      // Written only when the update above changed the row (two reviews based on the same
      // version in the same millisecond compute the same stamp: the later one changes nothing).
      db.insert(auditLog).select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            userId: sql<number>`${actor.userId}`.as("user_id"),
            action: sql<string>`'update'`.as("action"),
            entityType: sql<string>`'media'`.as("entity_type"),
            entityId: sql<string>`CAST(${mediaItems.id} AS TEXT)`.as("entity_id"),
            details: sql<string>`${JSON.stringify({ before, after })}`.as("details"),
            createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
          })
          .from(mediaItems)
          .where(wroteStamp(row.id, stamp)),
      ),
    ]);
    const written = selectItems(db).where(idIn(writes.map((w) => w.row.id)));
    const results = await db.batch([...statements, written] as unknown as [typeof written]);
    const after = new Map(((results[results.length - 1] ?? []) as MediaRow[]).map((r) => [r.id, r]));
    writes.forEach(({ row }, i) => {
      const now = after.get(row.id);
      // Each write's RETURNING says whether it changed its row (the stamp alone cannot).
      const wrote = (results[2 * i] as unknown as unknown[]).length > 0;
      if (!now) outcomes.set(row.id, { id: row.id, ok: false, kind: "not_found" });
      else if (wrote) outcomes.set(row.id, { id: row.id, ok: true, row: now, changed: true });
      // Someone else wrote it between our read and our batch.
      else outcomes.set(row.id, { id: row.id, ok: false, kind: "stale", current: now });
    });
  }
  return unique.map((r) => outcomes.get(r.id)!);
}
