import { z } from "zod";
import { MEDIA_LIMITS, type MediaItem, type MediaType } from "./media";
import { text } from "./text";

/**
 * Uploads (browser → Worker → R2 multipart): the request schema of POST /api/uploads (the upload
 * dialog imports the same one), the limits both sides check and the response shapes. Pure: no
 * Worker-only imports. The API is described in docs/uploads-api.md.
 */

/** Every part is this long except the last (R2 needs at least 5 MiB for all but the last). */
export const UPLOAD_PART_SIZE = 8 * 1024 * 1024;
/** A video's poster frame (WebP drawn in the browser) may be at most this long. */
export const UPLOAD_POSTER_MAX_BYTES = 2 * 1024 * 1024;
/** Unfinished uploads are aborted this long after they were started. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How many unfinished uploads one user may have at once (each holds an R2 multipart upload). */
export const MAX_UNFINISHED_UPLOADS = 50;
/** The site setting `maxFileUploadSize` counts in these. */
export const BYTES_PER_MB = 1024 * 1024;

export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "video/mp4", "video/webm"] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export const isUploadContentType = (value: string): value is UploadContentType =>
  (UPLOAD_CONTENT_TYPES as readonly string[]).includes(value);

/** The media item type a content type becomes. */
export const mediaTypeOfContentType = (type: UploadContentType): MediaType =>
  type === "image/gif" ? "gif" : type.startsWith("video/") ? "video" : "image";

/** The original's file extension in R2 (the name the user gave is never trusted). */
export const EXTENSION_OF: Record<UploadContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

export const UPLOAD_LIMITS = { fileName: 255, contentType: 100 } as const;

export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP and GIF images and MP4 and WebM videos can be uploaded.";
/** The message of a file over the site's limit (`maxFileUploadSize`, MB). */
export const tooLargeMessage = (maxMb: number) => `The file is larger than the upload limit of ${maxMb} MB.`;

/** The number of parts a file of this size is sent in. */
export const partCountOf = (size: number, partSize = UPLOAD_PART_SIZE) => Math.max(1, Math.ceil(size / partSize));

/** The exact length of part `n` (1-based) of a file of this size. */
export const partLengthOf = (size: number, n: number, partSize = UPLOAD_PART_SIZE) =>
  n < partCountOf(size, partSize) ? partSize : size - (partCountOf(size, partSize) - 1) * partSize;

/**
 * POST /api/uploads. The declared type is checked by the route (415 for anything but the six
 * accepted types) and again against the file's first bytes; the size against the site's limit
 * (413). Category 0 falls back to 1 and faction 0 means none, as in the media form.
 */
export const uploadCreateSchema = z.object({
  fileName: text({ error: "File name is required." })
    .trim()
    .min(1, "File name is required.")
    .max(UPLOAD_LIMITS.fileName, `File name must be at most ${UPLOAD_LIMITS.fileName} characters.`),
  size: z
    .number({ error: "Size must be a whole number of bytes." })
    .int("Size must be a whole number of bytes.")
    .min(1, "The file is empty.")
    .max(Number.MAX_SAFE_INTEGER, "Size must be a whole number of bytes."),
  contentType: text({ error: "Content type is required." })
    .trim()
    .toLowerCase()
    .min(1, "Content type is required.")
    .max(UPLOAD_LIMITS.contentType, UNSUPPORTED_TYPE_MESSAGE),
  title: text({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(MEDIA_LIMITS.title, `Title must be at most ${MEDIA_LIMITS.title} characters.`),
  categoryId: z
    .number({ error: "Category is required." })
    .int("Category is required.")
    .min(0, "Category is required.")
    .transform((v) => (v === 0 ? 1 : v)),
  factionId: z
    .number({ error: "Faction must be a whole number." })
    .int("Faction must be a whole number.")
    .min(0, "Faction must be a whole number.")
    .nullish()
    .transform((v) => (v ? v : null)),
  description: text({ error: "Description must be text." })
    .trim()
    .max(MEDIA_LIMITS.description, `Description must be at most ${MEDIA_LIMITS.description} characters.`)
    .nullish()
    .transform((v) => v ?? ""),
});
export type UploadCreateFormValues = z.input<typeof uploadCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

export const UPLOAD_STATES = ["uploading", "completing"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Every answer that describes an upload. */
export type Upload = {
  id: string;
  partSize: number;
  partCount: number;
  /** Part numbers the server has, ascending. */
  receivedParts: number[];
  status: UploadState;
  fileName: string;
  size: number;
  contentType: UploadContentType;
  title: string;
  categoryId: number | null;
  factionId: number | null;
  description: string;
  /** Videos: a poster frame was received. */
  hasPoster: boolean;
  createdAt: string;
  expiresAt: string;
};

/** GET /api/uploads: the caller's unfinished uploads, newest first. */
export type UploadListResponse = { items: Upload[] };
/** PUT /api/uploads/{id}/parts/{n}. */
export type UploadPartResponse = { partNumber: number; size: number; receivedParts: number[] };
/** PUT /api/uploads/{id}/poster. */
export type UploadPosterResponse = { poster: true };
/** POST /api/uploads/{id}/complete. */
export type UploadCompleteResponse = { media: MediaItem };
