/**
 * The media item's row and its DTO: the columns every item read selects, the moderation
 * state, the R2 keys and file paths of an item.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../client";
import type { MediaItem, MediaStatus, MediaType, ThumbnailStatus } from "../../../../shared/schemas/media";
import { factions, mediaCategories, mediaItems, users } from "../../schema";
import { DELETED_MEMBER } from "../account";

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
