/**
 * The gallery and moderation lists (GET /api/media) and the gallery's filters, with the kept
 * totals they read (ADR 0043, ADR 0045).
 */
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../client";
import { keptReads } from "../../kept";
import type { MediaFilters, MediaStatus, MediaType } from "../../../../shared/schemas/media";
import { MEDIA_TYPES } from "../../../../shared/schemas/media";
import { facetCounts, factions, mediaCategories, mediaGalleryEntries, mediaItems } from "../../schema";
import { matchesPast, newestMatches } from "../fts-window";
import { keptTotal } from "../kept-total";
import { ftsQuery, visibleOnly } from "../../fts";
import { LIST_SEARCH_CAP } from "../../../../shared/search";
import { selectItems, statusIs, type MediaRow } from "./common";

export type MediaListOptions = {
  categoryId?: number;
  factionId?: number;
  mediaType?: MediaType;
  /** Guests and users always get true. */
  approvedOnly: boolean;
  /** One moderation state (moderators). */
  status?: MediaStatus;
  /** Only the items this member uploaded. */
  uploadedBy?: number;
  featuredOnly?: boolean;
  search?: string;
  page: number;
  pageSize: number;
};

/**
 * The kept key of a combination of the gallery's filters (migration 0018):
 * `<category>:<faction>:<type>:<featured>`, '' for a filter that is not set, '1' for featured only.
 * The same key names the combination's rows in media_gallery_entries and its total in
 * facet_counts (list 'media_gallery').
 */
const galleryFacet = (f: { categoryId?: number; factionId?: number; mediaType?: MediaType; featuredOnly?: boolean }) =>
  `${f.categoryId || ""}:${f.factionId || ""}:${f.mediaType ?? ""}:${f.featuredOnly ? "1" : ""}`;

/** The facet_counts list of the gallery's kept totals, one row per key (galleryFacet). */
const GALLERY_COUNTS = "media_gallery";

/**
 * The facet_counts list keeping each moderation state's totals, one row per gallery key
 * (galleryFacet): approved items in the gallery's list (migration 0018), pending and rejected
 * ones in their own (migration 0021).
 */
export const STATE_COUNTS: Record<MediaStatus, string> = { approved: GALLERY_COUNTS, pending: "media_pending", rejected: "media_rejected" };

/** The gallery key of no filter: a state's whole total. */
export const ALL_ITEMS = galleryFacet({});

const MEDIA_STATES: readonly MediaStatus[] = ["approved", "pending", "rejected"];

/**
 * The statements of a media list (worker/db/kept.ts); the shape says which filters apply.
 *
 * Approved items (what guests read) with any combination of category, faction, type and
 * featured read their page and total from one kept key (galleryFacet, migration 0018): the
 * page's ids from media_gallery_entries in the gallery's order, the total from one facet_counts
 * row, so the rows an OFFSET skips cost one index entry each and the total one row
 * (docs/decisions/0043-every-gallery-filter-kept.md); so does a moderator's list of approved
 * items. A search reads the newest LIST_SEARCH_CAP matches of media_fts only, its total capped
 * there (ADR 0040). Moderators' lists of every state, or of pending or rejected items, read
 * their totals from the states' kept counts under the same key (one row per state, migration
 * 0021, docs/decisions/0045-kept-moderation-totals.md) and walk media_items for their page; a
 * list of one uploader's items counts its matches. Every page joins category, faction and
 * uploader for its own rows only.
 */
const mediaListReads = keptReads(
  (
    db,
    shape: {
      approvedOnly: boolean;
      status: MediaStatus | null;
      uploader: boolean;
      featuredOnly: boolean;
      category: boolean;
      faction: boolean;
      mediaType: boolean;
      search: boolean;
    },
  ) => {
    const order = [asc(mediaItems.sortOrder), desc(mediaItems.createdAt), desc(mediaItems.id)];
    // A moderator's approved-only list is the gallery's (the same items, order and kept totals).
    if (((shape.approvedOnly && !shape.status) || shape.status === "approved") && !shape.uploader && !shape.search) {
      const facet = sql.placeholder("facet");
      return {
        total: db
          .select({ n: facetCounts.n })
          .from(facetCounts)
          .where(and(eq(facetCounts.list, GALLERY_COUNTS), eq(facetCounts.value, facet))),
        rows: selectItems(db)
          .where(
            inArray(
              mediaItems.id,
              db
                .select({ id: mediaGalleryEntries.id })
                .from(mediaGalleryEntries)
                .where(eq(mediaGalleryEntries.facet, facet))
                .orderBy(asc(mediaGalleryEntries.sortOrder), desc(mediaGalleryEntries.createdAt), desc(mediaGalleryEntries.id))
                .limit(sql.placeholder("limit"))
                .offset(sql.placeholder("offset")),
            ),
          )
          .orderBy(...order)
          .limit(sql.placeholder("limit")),
      };
    }
    const where: SQL[] = [];
    if (shape.approvedOnly) where.push(eq(mediaItems.isApproved, true));
    if (shape.status) where.push(statusIs(shape.status));
    if (shape.uploader) where.push(eq(mediaItems.uploadedBy, sql.placeholder("uploader")));
    if (shape.featuredOnly) where.push(eq(mediaItems.isFeatured, true));
    if (shape.category) where.push(eq(mediaItems.categoryId, sql.placeholder("categoryId")));
    if (shape.faction) where.push(eq(mediaItems.factionId, sql.placeholder("factionId")));
    if (shape.mediaType) where.push(eq(mediaItems.mediaType, sql.placeholder("mediaType")));
    const condition = where.length ? and(...where) : undefined;
    if (shape.search) {
      // The newest LIST_SEARCH_CAP matches of media_fts (title and description) drive
      // (fts-window.ts): each item read by its id, filtered, sorted in the gallery's order; the
      // total counts them and says if more exist.
      const match = sql.placeholder("match");
      const matched = and(sql`${mediaItems.id} = m.match_id`, condition);
      return {
        total: db
          .select({ n: count(), capped: matchesPast("media_fts", match, LIST_SEARCH_CAP) })
          .from(newestMatches("media_fts", match, LIST_SEARCH_CAP))
          .crossJoin(mediaItems)
          .where(matched),
        rows: selectItems(db)
          .where(
            inArray(
              mediaItems.id,
              db
                .select({ id: mediaItems.id })
                .from(newestMatches("media_fts", match, LIST_SEARCH_CAP))
                .crossJoin(mediaItems)
                .where(matched)
                .orderBy(...order)
                .limit(sql.placeholder("limit"))
                .offset(sql.placeholder("offset")),
            ),
          )
          .orderBy(...order)
          .limit(sql.placeholder("limit")),
      };
    }
    const pageIds = db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(condition)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
    // Without an uploader, the total is the kept counts of the listed states under the filters' key.
    const total = shape.uploader
      ? db.select({ n: count() }).from(mediaItems).where(condition)
      : keptTotal(
          db,
          and(
            inArray(facetCounts.list, (shape.status ? [shape.status] : MEDIA_STATES).map((s) => STATE_COUNTS[s])),
            eq(facetCounts.value, sql.placeholder("facet")),
          ),
        );
    return {
      total,
      rows: selectItems(db)
        .where(inArray(mediaItems.id, pageIds))
        .orderBy(...order)
        .limit(sql.placeholder("limit")),
    };
  },
);

/**
 * One page of items plus the total, in one batch. Order: sortOrder, then newest first (id breaks
 * ties so pages never overlap).
 */
export async function listMedia(db: Database, options: MediaListOptions): Promise<{ rows: MediaRow[]; totalCount: number; capped: boolean }> {
  // A search with no words (only punctuation) is no search, as on the news list.
  const words = options.search ? ftsQuery(options.search) : null;
  // Approved items only: the index is asked for visible ones, so pending items never fill the window.
  const match = words && (options.approvedOnly || options.status === "approved") ? visibleOnly(words) : words;
  const shape = {
    approvedOnly: options.approvedOnly,
    status: options.status ?? null,
    uploader: options.uploadedBy !== undefined,
    featuredOnly: !!options.featuredOnly,
    category: !!options.categoryId,
    faction: !!options.factionId,
    mediaType: !!options.mediaType,
    search: match !== null,
  };
  const reads = mediaListReads(db, shape, {
    uploader: options.uploadedBy,
    categoryId: options.categoryId,
    factionId: options.factionId,
    mediaType: options.mediaType,
    match,
    facet: galleryFacet(options),
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
  });
  const [total, rows] = await db.batch([reads.total, reads.rows]);
  const first = total[0] as { n: number; capped?: number } | undefined;
  return { rows: rows as MediaRow[], totalCount: first?.n ?? 0, capped: !!first?.capped };
}

/**
 * The statements of the media filters (worker/db/kept.ts): one shape, no values. The counts of
 * approved items per category, faction and type are the kept totals of their one-filter keys
 * (galleryFacet: `<id>:::`, `:<id>::`, `::<type>:`, migration 0018), each looked up by its
 * primary key from each category and faction.
 */
const mediaFilterReads = keptReads((db, _shape: null) => {
  const kept = (value: SQL) => and(eq(facetCounts.list, GALLERY_COUNTS), sql`${facetCounts.value} = ${value}`, gt(facetCounts.n, 0));
  return {
    categories: db
      .select({
        value: mediaCategories.id,
        label: mediaCategories.name,
        color: mediaCategories.color,
        slug: mediaCategories.slug,
        count: facetCounts.n,
      })
      .from(mediaCategories)
      .innerJoin(facetCounts, kept(sql`CAST(${mediaCategories.id} AS TEXT) || ':::'`))
      .where(eq(mediaCategories.isActive, true))
      .orderBy(asc(mediaCategories.sortOrder), asc(mediaCategories.name)),
    factions: db
      .select({ value: factions.id, label: factions.name, count: facetCounts.n })
      .from(factions)
      .innerJoin(facetCounts, kept(sql`':' || CAST(${factions.id} AS TEXT) || '::'`))
      .orderBy(asc(factions.sortOrder), asc(factions.name)),
    types: db
      .select({ value: sql<string>`trim(${facetCounts.value}, ':')`.as("media_type"), count: facetCounts.n })
      .from(facetCounts)
      .where(and(eq(facetCounts.list, GALLERY_COUNTS), inArray(facetCounts.value, MEDIA_TYPES.map((type) => galleryFacet({ mediaType: type }))), gt(facetCounts.n, 0))),
  };
});

/** Categories and factions that have approved media, with counts, and the media types, in one batch. */
export async function mediaFilters(db: Database): Promise<MediaFilters> {
  const reads = mediaFilterReads(db, null, {});
  const [categories, factionRows, types] = await db.batch([reads.categories, reads.factions, reads.types]);
  const byType = new Map(types.map((t) => [t.value as MediaType, t.count]));
  return {
    categories,
    factions: factionRows,
    mediaTypes: MEDIA_TYPES.filter((value) => byType.has(value)).map((value) => ({ value, count: byType.get(value)! })),
  };
}
