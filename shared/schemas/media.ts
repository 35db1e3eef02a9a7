import { z } from "zod";
import type { FilterOption } from "../game";
import { GALLERY_PAGE_SIZE } from "../media-keys";
import { isFilesPath, isHttpUrl } from "../image-source";
import { blankAsUndefined, pagingQuery, strictQuery, type Paged } from "./query";
import { toSlug } from "../slug";
import { text } from "./text";
import { versionField } from "./version";

/**
 * Media items and media categories: the request schemas of /api/media* (the admin media form and
 * the categories editor import the SAME schemas) and the response shapes. Pure: no Worker-only
 * imports.
 */

export const MEDIA_TYPES = ["image", "video", "gif"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const THUMBNAIL_STATES = ["pending", "ready", "failed"] as const;
export type ThumbnailStatus = (typeof THUMBNAIL_STATES)[number];

/**
 * Where an item is in moderation: pending (new, waiting for a moderator), approved (in the
 * gallery) or rejected (kept out of it, with the reason its uploader reads). Only approved items'
 * files are public.
 */
export const MEDIA_STATUSES = ["pending", "approved", "rejected"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const MEDIA_LIMITS = {
  title: 200,
  description: 2000,
  altText: 500,
  caption: 500,
  tags: 500,
  originalUrl: 2048,
  /** Search query text. */
  search: 200,
  sortOrder: 1_000_000,
  /** The reason a rejection gives the uploader. */
  rejectionReason: 500,
  /** Items one review (approve or reject) may name. */
  reviewItems: 100,
} as const;

export const CATEGORY_LIMITS = {
  name: 100,
  description: 500,
  slug: 50,
  iconUrl: 255,
  sortOrderMin: 0,
  sortOrderMax: 1000,
} as const;

export const DEFAULT_CATEGORY_COLOR = "#3B82F6";

/** The public gallery asks for 20 items a page (GALLERY_PAGE_SIZE), the admin list for 50; more than 100 is a 400. */
export const ADMIN_MEDIA_PAGE_SIZE = 50;
const MEDIA_MAX_PAGE_SIZE = 100;

const queryBool = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .enum(["true", "false"], { error: `${label} must be true or false.` })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
  );

/** A positive id in a query string; 0 means "none chosen" (the spec's forms send it). */
const queryId = (label: string) =>
  z.preprocess(
    blankAsUndefined,
    text()
      .regex(/^[0-9]{1,15}$/, `${label} must be a whole number.`)
      .optional()
      .transform((v) => (v === undefined || Number(v) === 0 ? undefined : Number(v))),
  );

/** GET /media. Guests and users get approved items whatever `approvedOnly` says. */
export const mediaListQuerySchema = strictQuery({
  categoryId: queryId("Category"),
  factionId: queryId("Faction"),
  mediaType: z.preprocess(
    blankAsUndefined,
    z.enum(MEDIA_TYPES, { error: "Media type must be image, video or gif." }).optional(),
  ),
  approvedOnly: queryBool("approvedOnly"),
  /** Moderators: one moderation state (guests and users only ever get approved items). */
  status: z.preprocess(
    blankAsUndefined,
    z.enum(MEDIA_STATUSES, { error: "Status must be pending, approved or rejected." }).optional(),
  ),
  /** Signed-in members: only the items they uploaded. */
  mine: queryBool("mine"),
  featuredOnly: queryBool("featuredOnly"),
  search: text({ error: "Search must be a single value." })
    .trim()
    .max(MEDIA_LIMITS.search, `Search must be at most ${MEDIA_LIMITS.search} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  ...pagingQuery(GALLERY_PAGE_SIZE, MEDIA_MAX_PAGE_SIZE),
});

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const optionalText = (label: string, max: number) =>
  text({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? "");

/** An id or nothing: 0, null and absent mean none. */
const optionalId = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be a whole number.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The R2 key of a `/files/{key}` path (query string dropped), or null for anything else. */
export function fileKeyOf(url: string): string | null {
  const match = /^\/files\/([A-Za-z0-9._~!$&'()*+,;=:@%/-]+)(\?.*)?$/.exec(url);
  if (!match || match[1]!.split("/").some((s) => s === "" || s === "." || s === "..")) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The fields a moderator edits (the media form of the admin area and the approval and featured
 * toggles, which send the whole item). URLs, sizes, view counts and thumbnail state are the
 * server's: a PUT that carries them changes nothing there. Category 0 falls back to 1 (spec);
 * faction 0 means none.
 */
export const mediaItemInputSchema = z.object({
  title: requiredText("Title", MEDIA_LIMITS.title),
  description: requiredText("Description", MEDIA_LIMITS.description),
  mediaType: z.enum(MEDIA_TYPES, { error: "Media type is required." }),
  altText: optionalText("Alt text", MEDIA_LIMITS.altText),
  caption: optionalText("Caption", MEDIA_LIMITS.caption),
  tags: optionalText("Tags", MEDIA_LIMITS.tags).transform((v) =>
    v
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean)
      .join(","),
  ),
  categoryId: z
    .number({ error: "Category is required." })
    .int("Category is required.")
    .min(0, "Category is required.")
    .transform((v) => (v === 0 ? 1 : v)),
  factionId: optionalId("Faction"),
  isApproved: z.boolean({ error: "isApproved must be true or false." }).default(false),
  isFeatured: z.boolean({ error: "isFeatured must be true or false." }).default(false),
  sortOrder: z
    .number({ error: "Sort order must be a whole number." })
    .int("Sort order must be a whole number.")
    .min(0, "Sort order must be 0 or more.")
    .max(MEDIA_LIMITS.sortOrder, `Sort order must be at most ${MEDIA_LIMITS.sortOrder}.`)
    .default(0),
});
export type MediaItemFormValues = z.input<typeof mediaItemInputSchema>;
export type MediaItemInput = z.output<typeof mediaItemInputSchema>;

/** PUT /media/{id}: the item's fields and the version they were based on (409 stale_version when outdated). */
export const mediaItemUpdateSchema = mediaItemInputSchema.extend(versionField);

/**
 * POST /media: the form's fields plus where the original is: a `/files/{key}` path of an object
 * already in the bucket (under media/) or an external http(s) URL (a video host, say).
 * New items are never approved or featured, whatever the body says.
 */
export const mediaCreateSchema = mediaItemInputSchema.extend({
  originalUrl: text({ error: "Original URL is required." })
    .trim()
    .min(1, "Original URL is required.")
    .max(MEDIA_LIMITS.originalUrl, `Original URL must be at most ${MEDIA_LIMITS.originalUrl} characters.`)
    .refine((v) => isHttpUrl(v) || fileKeyOf(v) !== null, "Original URL must be an http(s) URL or a path under /files/."),
  fileSize: z
    .number({ error: "File size must be a whole number." })
    .int("File size must be a whole number.")
    .min(0, "File size must be a whole number.")
    .default(0),
  width: z.number().int().min(1).max(100_000).nullish(),
  height: z.number().int().min(1).max(100_000).nullish(),
});

export const REVIEW_DECISIONS = ["approve", "reject"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The spec-less texts of the moderation queue's review (the form shows the same). */
export const REVIEW_MESSAGES = {
  reasonRequired: "Say why the item is rejected: its uploader reads it.",
  items: "Choose at least one media item.",
} as const;

/**
 * POST /media/review: approve or reject one item or a selection. Each item may carry the
 * `updatedAt` the moderator saw; an item changed since (or missing) is reported and the others
 * are still reviewed. A rejection needs a reason (its uploader reads it).
 */
export const mediaReviewSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: "Decision must be approve or reject." }),
    items: z
      .array(
        z.object({
          id: z.number({ error: "Each item needs its id." }).int("Each item needs its id.").min(1, "Each item needs its id."),
          ...versionField,
        }),
        { error: REVIEW_MESSAGES.items },
      )
      .min(1, REVIEW_MESSAGES.items)
      .max(MEDIA_LIMITS.reviewItems, `Review at most ${MEDIA_LIMITS.reviewItems} items at once.`),
    reason: text({ error: "The reason must be text." })
      .trim()
      .max(MEDIA_LIMITS.rejectionReason, `The reason must be at most ${MEDIA_LIMITS.rejectionReason} characters.`)
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((body, ctx) => {
    if (body.decision === "reject" && !body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: REVIEW_MESSAGES.reasonRequired });
  });

/** The reject dialog's form: the reason alone (the items and decision are the page's). */
export const rejectReasonSchema = z.object({
  reason: text({ error: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonRequired)
    .max(MEDIA_LIMITS.rejectionReason, `The reason must be at most ${MEDIA_LIMITS.rejectionReason} characters.`),
});

/** POST /admin/regenerate-thumbnails. */
export const regenerateThumbnailsSchema = z.object({
  force: z.boolean({ error: "force must be true or false." }).default(false),
});

/** A hex colour: #RGB or #RRGGBB. */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-case words joined by hyphens, at most the category slug limit ("Fan Art!" → "fan-art"). */
export const slugify = (text: string): string => toSlug(text, CATEGORY_LIMITS.slug);

/** POST /media/categories and PUT /media/categories/{id} (id and timestamps are ignored). */
export const mediaCategoryInputSchema = z.object({
  name: requiredText("Name", CATEGORY_LIMITS.name),
  description: optionalText("Description", CATEGORY_LIMITS.description),
  slug: requiredText("Slug", CATEGORY_LIMITS.slug).regex(
    SLUG,
    "Slug may contain lower-case letters, digits and single hyphens only.",
  ),
  color: text({ error: "Colour is required." })
    .trim()
    .min(1, "Colour is required.")
    .regex(HEX_COLOUR, "Colour must be a hex colour such as #3B82F6."),
  // An image like every other: empty (null), an absolute http(s) URL or a path under /files/.
  iconUrl: text({ error: "Icon URL must be text." })
    .trim()
    .max(CATEGORY_LIMITS.iconUrl, `Icon URL must be at most ${CATEGORY_LIMITS.iconUrl} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isHttpUrl(v) || isFilesPath(v), "Icon URL must be an http(s) URL or a path under /files/."),
  sortOrder: z
    .number({ error: "Sort order must be a whole number." })
    .int("Sort order must be a whole number.")
    .min(CATEGORY_LIMITS.sortOrderMin, `Sort order must be between 0 and ${CATEGORY_LIMITS.sortOrderMax}.`)
    .max(CATEGORY_LIMITS.sortOrderMax, `Sort order must be between 0 and ${CATEGORY_LIMITS.sortOrderMax}.`)
    .default(0),
  isActive: z.boolean({ error: "isActive must be true or false." }).default(true),
});
export type MediaCategoryFormValues = z.input<typeof mediaCategoryInputSchema>;
export type MediaCategoryInput = z.output<typeof mediaCategoryInputSchema>;

/** PUT /media/categories/{id}: the category's fields and the version they were based on (409 stale_version when outdated). */
export const mediaCategoryUpdateSchema = mediaCategoryInputSchema.extend(versionField);

/** GET /media/categories. Only moderators may ask for inactive ones. */
export const mediaCategoryListQuerySchema = strictQuery({
  activeOnly: queryBool("activeOnly"),
});

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

/** The media item of as every /media answer carries it. */
export type MediaItem = {
  id: number;
  title: string;
  description: string;
  mediaType: MediaType;
  altText: string;
  caption: string;
  tags: string;
  categoryId: number | null;
  category: { name: string; color: string } | null;
  factionId: number | null;
  faction: { name: string } | null;
  isApproved: boolean;
  isFeatured: boolean;
  /** Pending, approved or rejected (see MEDIA_STATUSES). */
  status: MediaStatus;
  /** Why a moderator rejected it (moderators only; null for everyone else and unless rejected). */
  rejectionReason: string | null;
  /** Who uploaded it (moderators only; null for everyone else, and for items without an uploader). */
  uploadedBy: { id: number; name: string } | null;
  /** Where the original is served (a /files path, signed for unapproved items, or an external URL). */
  originalUrl: string | null;
  largeUrl: string | null;
  largeWebpUrl: string | null;
  thumbnailUrl: string | null;
  thumbnailWebpUrl: string | null;
  /** A video's poster frame (null for images). */
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  fileSize: number;
  viewCount: number;
  sortOrder: number;
  thumbnailStatus: ThumbnailStatus;
  /** Why the last thumbnail job failed (moderators only; null for everyone else). */
  thumbnailError: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * GET /media: the list envelope. With `capped`, `totalCount` is the matches among the newest
 * LIST_SEARCH_CAP a search looked at (what can be paged).
 */
export type MediaListResponse = Paged<MediaItem> & {
  /** Present (true) when a search has more matches than it looked at: show the count as "60+". */
  capped?: true;
};

/**
 * GET /media/filters: what the gallery can filter by, in the one `/filters` shape: only values
 * approved items have, each with its count; categories (id as value, name as label) also carry
 * their colour and slug, in the categories' display order.
 */
export type MediaFilters = {
  categories: (FilterOption<number> & { label: string; color: string; slug: string })[];
  factions: (FilterOption<number> & { label: string })[];
  mediaTypes: FilterOption<MediaType>[];
};

export type MediaCategory = {
  id: number;
  name: string;
  description: string;
  slug: string;
  color: string;
  iconUrl: string | null;
  sortOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /media/status-counts (moderators): how many items are in each moderation state. */
export type MediaStatusCounts = Record<MediaStatus, number>;

/** One item a review could not change, and why. */
export type MediaReviewFailure = {
  id: number;
  code: "not_found" | "stale_version";
  message: string;
  /** With `stale_version`: the item as it is stored now. */
  current?: MediaItem;
};

/**
 * POST /media/review: the items reviewed (`done`, those already in the asked-for state included)
 * and those that could not be (`failed`), in the order they were asked for.
 */
export type MediaReviewResponse = { decision: ReviewDecision; done: number[]; failed: MediaReviewFailure[] };

/** POST /admin/regenerate-thumbnails. */
export type RegenerateThumbnailsResponse = { message: string; queued: number };
/** POST /thumbnailsync/trigger-manual. */
export type ThumbnailSyncResponse = { message: string; triggered: boolean; queued: number };
