/**
 * Media items, media categories, view counting and the thumbnail job's SQL, over D1 through
 * drizzle. Every read is one batch (one round trip); every write and its audit row go in one
 * atomic batch.
 */
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../env";
import { keptReads } from "../kept";
import type {
  MediaCategory,
  MediaCategoryInput,
  MediaFilters,
  MediaItem,
  MediaItemInput,
  MediaStatus,
  MediaType,
  ThumbnailStatus,
} from "../../../shared/schemas/media";
import { MEDIA_TYPES } from "../../../shared/schemas/media";
import { auditLog, facetCounts, factions, mediaCategories, mediaGalleryEntries, mediaItems, mediaViews, thumbnailFailures, users } from "../schema";
import { DELETED_MEMBER } from "./account";
import { matchesPast, newestMatches } from "./fts-window";
import { keptTotal } from "./kept-total";
import { ftsQuery, visibleOnly } from "../../lib/fts";
import { LIST_SEARCH_CAP } from "../../../shared/search";
import { auditRow } from "./game-common";
import { guarded, nextStamp, sameStamp, stampedId, type StaleOrMissing } from "./versioned";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

// ---------------------------------------------------------------------------------------------
// Rows and DTOs
// ---------------------------------------------------------------------------------------------

/**
 * Flat, explicitly named columns. The joined tables share column names (both have `name`), and
 * drizzle's D1 batches map rows by column name, so the joined ones get aliases.
 */
export const ITEM_COLUMNS = {
  id: mediaItems.id,
  title: mediaItems.title,
  description: mediaItems.description,
  mediaType: mediaItems.mediaType,
  altText: mediaItems.altText,
  caption: mediaItems.caption,
  tags: mediaItems.tags,
  categoryId: mediaItems.categoryId,
  categoryName: sql<string | null>`${mediaCategories.name}`.as("category_name"),
  categoryColor: sql<string | null>`${mediaCategories.color}`.as("category_color"),
  factionId: mediaItems.factionId,
  factionName: sql<string | null>`${factions.name}`.as("faction_name"),
  isApproved: mediaItems.isApproved,
  isFeatured: mediaItems.isFeatured,
  originalKey: mediaItems.originalKey,
  originalUrl: mediaItems.originalUrl,
  largeKey: mediaItems.largeKey,
  largeWebpKey: mediaItems.largeWebpKey,
  thumbnailKey: mediaItems.thumbnailKey,
  thumbnailWebpKey: mediaItems.thumbnailWebpKey,
  posterKey: mediaItems.posterKey,
  thumbnailStatus: mediaItems.thumbnailStatus,
  thumbnailError: mediaItems.thumbnailError,
  width: mediaItems.width,
  height: mediaItems.height,
  fileSize: mediaItems.fileSize,
  viewCount: mediaItems.viewCount,
  sortOrder: mediaItems.sortOrder,
  rejectedAt: mediaItems.rejectedAt,
  rejectionReason: mediaItems.rejectionReason,
  uploaderId: mediaItems.uploadedBy,
  uploaderName: sql<string | null>`CASE WHEN ${users.id} IS NULL THEN NULL WHEN ${users.deletedAt} IS NOT NULL THEN ${DELETED_MEMBER}
    ELSE coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), substr(${users.email}, 1, instr(${users.email}, '@') - 1)) END`.as(
    "uploader_name",
  ),
  createdAt: mediaItems.createdAt,
  updatedAt: mediaItems.updatedAt,
};

export type MediaRow = {
  id: number;
  title: string;
  description: string;
  mediaType: MediaType;
  altText: string;
  caption: string;
  tags: string;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  factionId: number | null;
  factionName: string | null;
  isApproved: boolean;
  isFeatured: boolean;
  originalKey: string | null;
  originalUrl: string | null;
  largeKey: string | null;
  largeWebpKey: string | null;
  thumbnailKey: string | null;
  thumbnailWebpKey: string | null;
  posterKey: string | null;
  thumbnailStatus: ThumbnailStatus;
  thumbnailError: string | null;
  width: number | null;
  height: number | null;
  fileSize: number;
  viewCount: number;
  sortOrder: number;
  rejectedAt: string | null;
  rejectionReason: string | null;
  uploaderId: number | null;
  uploaderName: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Where an item is in moderation. */
export const statusOf = (row: Pick<MediaRow, "isApproved" | "rejectedAt">): MediaStatus =>
  row.isApproved ? "approved" : row.rejectedAt ? "rejected" : "pending";

/** Every R2 key a media item owns. */
export const keysOf = (row: Pick<MediaRow, "originalKey" | "largeKey" | "largeWebpKey" | "thumbnailKey" | "thumbnailWebpKey" | "posterKey">) =>
  [row.originalKey, row.largeKey, row.largeWebpKey, row.thumbnailKey, row.thumbnailWebpKey, row.posterKey].filter(
    (k): k is string => !!k,
  );

/** Keys this site writes (letters, digits, `-`, `_`, `.` and `/`) need no encoding. */
const PLAIN_KEY = /^[\w./-]*$/;

/**
 * The public /files path of a key (each segment encoded). A gallery page builds about a hundred
 * of these, so the keys the site itself writes skip the split and the encoding (a profile of
 * /screenshots misses had the encoding at 3 % of the Worker's CPU).
 */
export const filePath = (key: string) =>
  `/files/${PLAIN_KEY.test(key) ? key : key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * The public media item. `fileUrl` turns an R2 key into the URL the caller may load (plain
 * for approved items, signed for unapproved ones); `forModerator` adds the thumbnail error.
 */
export async function toMediaDto(
  row: MediaRow,
  fileUrl: (key: string, row: MediaRow) => string | Promise<string>,
  forModerator: boolean,
): Promise<MediaItem> {
  const url = (key: string | null) => (key ? fileUrl(key, row) : null);
  const urls = [
    row.originalKey ? url(row.originalKey) : row.originalUrl,
    url(row.largeKey),
    url(row.largeWebpKey),
    url(row.thumbnailKey),
    url(row.thumbnailWebpKey),
    url(row.posterKey),
  ];
  // Approved items' URLs are plain strings; only signed ones (unapproved items) are awaited.
  const settled = urls.some((u) => u instanceof Promise) ? await Promise.all(urls) : urls;
  type Url = string | null;
  const [originalUrl, largeUrl, largeWebpUrl, thumbnailUrl, thumbnailWebpUrl, posterUrl] = settled as [Url, Url, Url, Url, Url, Url];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    mediaType: row.mediaType,
    altText: row.altText,
    caption: row.caption,
    tags: row.tags,
    categoryId: row.categoryId,
    category: row.categoryName !== null ? { name: row.categoryName, color: row.categoryColor ?? "#3B82F6" } : null,
    factionId: row.factionId,
    faction: row.factionName !== null ? { name: row.factionName } : null,
    isApproved: row.isApproved,
    isFeatured: row.isFeatured,
    status: statusOf(row),
    rejectionReason: forModerator && !row.isApproved ? row.rejectionReason : null,
    uploadedBy: forModerator && row.uploaderId !== null ? { id: row.uploaderId, name: row.uploaderName ?? DELETED_MEMBER } : null,
    originalUrl,
    largeUrl,
    largeWebpUrl,
    thumbnailUrl,
    thumbnailWebpUrl,
    posterUrl,
    width: row.width,
    height: row.height,
    fileSize: row.fileSize,
    viewCount: row.viewCount,
    sortOrder: row.sortOrder,
    thumbnailStatus: row.thumbnailStatus,
    thumbnailError: forModerator ? row.thumbnailError : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Items with their category, faction and uploader (by primary key: one lookup per row each). */
export const selectItems = (db: Database) =>
  db
    .select(ITEM_COLUMNS)
    .from(mediaItems)
    .leftJoin(mediaCategories, eq(mediaCategories.id, mediaItems.categoryId))
    .leftJoin(factions, eq(factions.id, mediaItems.factionId))
    .leftJoin(users, eq(users.id, mediaItems.uploadedBy));

/**
 * The condition of one moderation state. Pending and rejected compare `(rejected_at IS NULL)` as
 * a value, the expression media_state_order_idx holds (migration 0021), so one state's page walks
 * that index in the list's order instead of testing every unapproved item.
 */
export const statusIs = (status: MediaStatus): SQL =>
  status === "approved"
    ? eq(mediaItems.isApproved, true)
    : and(eq(mediaItems.isApproved, false), sql`(${mediaItems.rejectedAt} IS NULL) = ${status === "pending" ? 1 : 0}`)!;


// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

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

/** One item (null when missing, or unapproved and `includeUnapproved` is false). */
export async function getMedia(db: Database, id: number, includeUnapproved: boolean): Promise<MediaRow | null> {
  // As a batch, so a page that reads it with others (the gallery opened on one item) sends one round trip.
  const [rows] = await db.batch([
    selectItems(db).where(includeUnapproved ? eq(mediaItems.id, id) : and(eq(mediaItems.id, id), eq(mediaItems.isApproved, true))),
  ]);
  return (rows[0] as MediaRow | undefined) ?? null;
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

/** Which of a category and a faction exist (one batch), for validating writes. */
export async function referencesExist(db: Database, categoryId: number, factionId: number | null) {
  const [category, faction] = await db.batch([
    db.select({ id: mediaCategories.id }).from(mediaCategories).where(eq(mediaCategories.id, categoryId)),
    db.select({ id: factions.id }).from(factions).where(eq(factions.id, factionId ?? 0)),
  ]);
  return { category: category.length > 0, faction: factionId === null || faction.length > 0 };
}

/**
 * True when the R2 key belongs to an approved item (its files are public; any other key under
 * media/ is private). Each key column is indexed, so this is one indexed lookup per column.
 */
export async function isPublicMediaKey(db: Database, key: string): Promise<boolean> {
  const row = await db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.isApproved, true),
        or(
          eq(mediaItems.originalKey, key),
          eq(mediaItems.largeKey, key),
          eq(mediaItems.largeWebpKey, key),
          eq(mediaItems.thumbnailKey, key),
          eq(mediaItems.thumbnailWebpKey, key),
          eq(mediaItems.posterKey, key),
        ),
      ),
    )
    .limit(1)
    .get();
  return !!row;
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

type Audit = { userId: number; details: Record<string, unknown> };

const editable = (input: MediaItemInput) => ({
  title: input.title,
  description: input.description,
  mediaType: input.mediaType,
  altText: input.altText,
  caption: input.caption,
  tags: input.tags,
  categoryId: input.categoryId,
  factionId: input.factionId,
  isApproved: input.isApproved,
  isFeatured: input.isFeatured,
  sortOrder: input.sortOrder,
});

export type NewMedia = MediaItemInput & {
  originalKey: string | null;
  originalUrl: string | null;
  contentType: string | null;
  fileSize: number;
  width: number | null;
  height: number | null;
  uploadedBy: number;
};

/** Inserts a pending, unfeatured item and its audit row atomically; answers the stored item. */
export async function createMedia(db: Database, input: NewMedia, audit: Audit): Promise<MediaRow> {
  const newId = sql`(SELECT max(${mediaItems.id}) FROM ${mediaItems})`;
  const hasSource = !!input.originalKey && input.mediaType !== "video";
  const [, , rows] = await db.batch([
    db.insert(mediaItems).values({
      ...editable(input),
      isApproved: false,
      isFeatured: false,
      originalKey: input.originalKey,
      originalUrl: input.originalUrl,
      contentType: input.contentType,
      fileSize: input.fileSize,
      width: input.width,
      height: input.height,
      uploadedBy: input.uploadedBy,
      // Nothing to resize (videos without a poster, external originals) counts as done.
      thumbnailStatus: hasSource ? "pending" : "ready",
    }),
    db.insert(auditLog).values({
      userId: audit.userId,
      action: "create",
      entityType: "media",
      entityId: sql`CAST(${newId} AS TEXT)`,
      details: JSON.stringify(audit.details),
    }),
    selectItems(db).where(eq(mediaItems.id, newId)),
  ]);
  return rows[0] as MediaRow;
}

/**
 * Replaces the editable fields with a new stamp and writes the audit row, a versioned write
 * guarded by the stamp `before` carries (./versioned.ts); answers the stored item, or the item
 * as it is now when someone else wrote it meanwhile (stale), or not found.
 */
export async function updateMedia(
  db: Database,
  before: MediaRow,
  input: MediaItemInput,
  audit: Audit,
): Promise<{ ok: true; value: MediaRow } | StaleOrMissing<MediaRow>> {
  const id = before.id;
  const stamp = nextStamp(before.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(mediaItems)
          // Approving (the toggle sends the whole item) ends a rejection.
          .set({ ...editable(input), ...(input.isApproved ? { rejectedAt: null, rejectionReason: null } : {}), updatedAt: stamp })
          .where(sameStamp(mediaItems, id, before.updatedAt)),
        auditRow(db, audit, "update", "media", sql`CAST(${stampedId(mediaItems, id, stamp)} AS TEXT)`, audit.details),
        selectItems(db).where(eq(mediaItems.id, id)),
      ]),
    () => getMedia(db, id, true),
  );
  if (!written.ok) return written;
  const row = written.value[2][0] as MediaRow | undefined;
  return row ? { ok: true, value: row } : { ok: false, kind: "not_found" };
}

/** The fields a PUT changes compared with the stored item (for the audit details). */
export function changedMediaFields(before: MediaRow, after: MediaItemInput): Partial<MediaItemInput> {
  const changes: Record<string, unknown> = {};
  const next = editable(after);
  for (const [name, value] of Object.entries(next)) {
    if (before[name as keyof MediaRow] !== value) changes[name] = value;
  }
  return changes as Partial<MediaItemInput>;
}

/** Deletes the item with its audit row; answers whether it existed. */
export async function deleteMedia(db: Database, row: MediaRow, userId: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.insert(auditLog).values({
      userId,
      action: "delete",
      entityType: "media",
      entityId: String(row.id),
      details: JSON.stringify({ title: row.title, isApproved: row.isApproved }),
    }),
    db.delete(mediaItems).where(eq(mediaItems.id, row.id)).returning({ id: mediaItems.id }),
  ]);
  return deleted.length > 0;
}

/** Which of these keys no remaining item refers to (so they can leave R2). */
export async function unreferencedKeys(db: Database, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const used = await db
    .select({ a: mediaItems.originalKey, b: mediaItems.largeKey, c: mediaItems.largeWebpKey, d: mediaItems.thumbnailKey, e: mediaItems.thumbnailWebpKey, f: mediaItems.posterKey })
    .from(mediaItems)
    .where(
      or(
        inArray(mediaItems.originalKey, keys),
        inArray(mediaItems.largeKey, keys),
        inArray(mediaItems.largeWebpKey, keys),
        inArray(mediaItems.thumbnailKey, keys),
        inArray(mediaItems.thumbnailWebpKey, keys),
        inArray(mediaItems.posterKey, keys),
      ),
    );
  const still = new Set(used.flatMap((r) => Object.values(r)));
  return keys.filter((k) => !still.has(k));
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/**
 * Counts a view of an approved item unless this visitor already viewed it today, and prunes
 * view rows older than yesterday, in one batch. Answers null when the item is not visible; then
 * nothing at all is written (every statement is conditional on the approved item).
 */
export async function recordView(db: Database, mediaId: number, visitor: string, day: string, yesterday: string) {
  const approved = db
    .select({ one: sql`1` })
    .from(mediaItems)
    .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true)));
  const seen = db
    .select({ one: sql`1` })
    .from(mediaViews)
    .where(and(eq(mediaViews.mediaId, mediaId), eq(mediaViews.visitor, visitor), eq(mediaViews.day, day)));
  const [item, updated] = await db.batch([
    db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true))),
    db
      .update(mediaItems)
      .set({ viewCount: sql`${mediaItems.viewCount} + 1` })
      .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true), notExists(seen)))
      .returning({ id: mediaItems.id }),
    db.insert(mediaViews).select(
      db
        .select({ mediaId: mediaItems.id, visitor: sql<string>`${visitor}`.as("visitor"), day: sql<string>`${day}`.as("day") })
        .from(mediaItems)
        .where(and(eq(mediaItems.id, mediaId), eq(mediaItems.isApproved, true))),
    ).onConflictDoNothing(),
    db.delete(mediaViews).where(and(lt(mediaViews.day, yesterday), exists(approved))),
  ]);
  if (!item.length) return null;
  return { counted: updated.length > 0 };
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

type CategoryRow = typeof mediaCategories.$inferSelect;

export const toCategoryDto = (row: CategoryRow): MediaCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  slug: row.slug,
  color: row.color,
  iconUrl: row.iconUrl,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listCategories(db: Database, activeOnly: boolean): Promise<MediaCategory[]> {
  const rows = await db
    .select()
    .from(mediaCategories)
    .where(activeOnly ? eq(mediaCategories.isActive, true) : undefined)
    .orderBy(asc(mediaCategories.sortOrder), asc(mediaCategories.name), asc(mediaCategories.id));
  return rows.map(toCategoryDto);
}

export async function getCategory(db: Database, id: number, activeOnly: boolean): Promise<MediaCategory | null> {
  const row = await db
    .select()
    .from(mediaCategories)
    .where(activeOnly ? and(eq(mediaCategories.id, id), eq(mediaCategories.isActive, true)) : eq(mediaCategories.id, id))
    .get();
  return row ? toCategoryDto(row) : null;
}

/** True when another category already uses the slug. */
export async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .select({ id: mediaCategories.id })
    .from(mediaCategories)
    .where(exceptId ? and(eq(mediaCategories.slug, slug), ne(mediaCategories.id, exceptId)) : eq(mediaCategories.slug, slug))
    .get();
  return !!row;
}

/** True when the error (or a cause: drizzle wraps D1's) is the unique slug index. */
export function isSlugConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: media_categories\.slug/i.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

export async function createCategory(db: Database, input: MediaCategoryInput, userId: number): Promise<MediaCategory> {
  const [inserted] = await db.batch([
    db.insert(mediaCategories).values(input).returning(),
    db.insert(auditLog).values({
      userId,
      action: "create",
      entityType: "media_category",
      entityId: sql`CAST((SELECT max(${mediaCategories.id}) FROM ${mediaCategories}) AS TEXT)`,
      details: JSON.stringify(input),
    }),
  ]);
  return toCategoryDto(inserted[0]!);
}

/**
 * Replaces the category's fields with a new stamp and writes the audit row, a versioned write
 * guarded by the stamp `before` carries (./versioned.ts); answers the stored category, or the
 * category as it is now when someone else wrote it meanwhile (stale), or not found.
 */
export async function updateCategory(
  db: Database,
  before: MediaCategory,
  input: MediaCategoryInput,
  userId: number,
): Promise<{ ok: true; value: MediaCategory } | StaleOrMissing<MediaCategory>> {
  const id = before.id;
  const stamp = nextStamp(before.updatedAt);
  const written = await guarded(
    () =>
      db.batch([
        db
          .update(mediaCategories)
          .set({ ...input, updatedAt: stamp })
          .where(sameStamp(mediaCategories, id, before.updatedAt))
          .returning(),
        auditRow(db, { userId }, "update", "media_category", sql`CAST(${stampedId(mediaCategories, id, stamp)} AS TEXT)`, input),
      ]),
    () => getCategory(db, id, false),
  );
  if (!written.ok) return written;
  const row = written.value[0][0];
  return row ? { ok: true, value: toCategoryDto(row) } : { ok: false, kind: "not_found" };
}

/** How many media items use the category. */
export async function categoryUsage(db: Database, id: number): Promise<number> {
  const row = await db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.categoryId, id)).get();
  return row?.n ?? 0;
}

export async function deleteCategory(db: Database, id: number, userId: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.insert(auditLog).values({ userId, action: "delete", entityType: "media_category", entityId: String(id), details: null }),
    db.delete(mediaCategories).where(eq(mediaCategories.id, id)).returning({ id: mediaCategories.id }),
  ]);
  return deleted.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Thumbnail jobs
// ---------------------------------------------------------------------------------------------

/** The image a job resizes: the original of images and GIFs, the poster frame of videos. */
const thumbnailSource = sql<string | null>`CASE WHEN ${mediaItems.mediaType} = 'video' THEN ${mediaItems.posterKey} ELSE ${mediaItems.originalKey} END`;

export type ThumbnailSourceRow = {
  id: number;
  source: string | null;
  isApproved: boolean;
  thumbnailStatus: ThumbnailStatus;
  largeWebpKey: string | null;
  thumbnailWebpKey: string | null;
  posterKey: string | null;
};

export async function thumbnailSourceOf(db: Database, id: number): Promise<ThumbnailSourceRow | null> {
  const row = await db
    .select({
      id: mediaItems.id,
      source: thumbnailSource,
      isApproved: mediaItems.isApproved,
      thumbnailStatus: mediaItems.thumbnailStatus,
      largeWebpKey: mediaItems.largeWebpKey,
      thumbnailWebpKey: mediaItems.thumbnailWebpKey,
      posterKey: mediaItems.posterKey,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, id))
    .get();
  return row ?? null;
}

export type RenditionKeys = { largeWebpKey: string; largeKey: string; thumbnailWebpKey: string; thumbnailKey: string };

/**
 * Points the item at its new renditions and answers the keys it pointed at before, read in the
 * same transaction (so two jobs racing on one item each delete exactly what they replaced).
 */
export async function saveRenditions(
  db: Database,
  id: number,
  keys: RenditionKeys,
  size: { width: number | null; height: number | null },
): Promise<string[]> {
  const [before] = await db.batch([
    db
      .select({
        largeKey: mediaItems.largeKey,
        largeWebpKey: mediaItems.largeWebpKey,
        thumbnailKey: mediaItems.thumbnailKey,
        thumbnailWebpKey: mediaItems.thumbnailWebpKey,
        originalKey: mediaItems.originalKey,
        posterKey: mediaItems.posterKey,
      })
      .from(mediaItems)
      .where(eq(mediaItems.id, id)),
    db
      .update(mediaItems)
      .set({
        ...keys,
        width: size.width !== null ? size.width : sql`${mediaItems.width}`,
        height: size.height !== null ? size.height : sql`${mediaItems.height}`,
        thumbnailStatus: "ready",
        thumbnailError: null,
        // Not updatedAt: that is the version people edit and review against, and renditions are
        // no edit (a moderator who opened the queue before the job ended must still approve).
      })
      .where(eq(mediaItems.id, id)),
  ]);
  const old = before[0];
  if (!old) return [];
  const keep = new Set([...Object.values(keys), old.originalKey, old.posterKey]);
  return [old.largeKey, old.largeWebpKey, old.thumbnailKey, old.thumbnailWebpKey].filter(
    (k): k is string => !!k && !keep.has(k),
  );
}

/** Remembers why the last attempt failed (shown to moderators, copied into the failure row). */
export async function recordThumbnailError(db: Database, id: number, error: string): Promise<void> {
  await db.update(mediaItems).set({ thumbnailError: error.slice(0, 500) }).where(eq(mediaItems.id, id));
}

export const GAVE_UP_REASON = "Thumbnail generation failed after all retries.";

/** A job that exhausted its retries: a failure row for admins and the item marked failed. */
export async function recordThumbnailFailure(db: Database, id: number, attempts: number): Promise<void> {
  const reason = sql<string>`COALESCE(${mediaItems.thumbnailError}, ${GAVE_UP_REASON})`;
  await db.batch([
    db.insert(thumbnailFailures).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          mediaId: mediaItems.id,
          reason: reason.as("reason"),
          attempts: sql<number>`${attempts}`.as("attempts"),
          createdAt: NOW.as("created_at"),
        })
        .from(mediaItems)
        .where(eq(mediaItems.id, id)),
    ),
    db
      .update(mediaItems)
      .set({ thumbnailStatus: "failed", thumbnailError: sql`${reason}` })
      .where(eq(mediaItems.id, id)),
  ]);
}

/**
 * Marks items pending for a new thumbnail job and answers their ids: with `force` every item that
 * has an image to resize, otherwise those missing a WebP rendition.
 */
export async function queueRegeneration(db: Database, force: boolean): Promise<number[]> {
  const missing = or(isNull(mediaItems.largeWebpKey), isNull(mediaItems.thumbnailWebpKey));
  const rows = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(force ? isNotNull(thumbnailSource) : and(isNotNull(thumbnailSource), missing))
    .returning({ id: mediaItems.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Items whose job is pending or failed (and that have an image): marked pending again. */
export async function queueSync(db: Database): Promise<number[]> {
  const rows = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(and(isNotNull(thumbnailSource), inArray(mediaItems.thumbnailStatus, ["pending", "failed"])))
    .returning({ id: mediaItems.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** One item queued again (the admin list's Retry). Null when it has no image to resize. */
export async function queueOne(db: Database, id: number): Promise<number | null> {
  const row = await db
    .update(mediaItems)
    .set({ thumbnailStatus: "pending", thumbnailError: null })
    .where(and(eq(mediaItems.id, id), isNotNull(thumbnailSource)))
    .returning({ id: mediaItems.id })
    .get();
  return row?.id ?? null;
}
