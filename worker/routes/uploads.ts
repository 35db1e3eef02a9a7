import type { Context } from "hono";
import { Hono } from "hono";
import { sniffFileType } from "@shared/file-type";
import { filePath, toMediaDto } from "../db/queries/media/common";
import { getMedia, referencesExist } from "../db/queries/media/items";
import { getSettings } from "../db/queries/settings";
import {
  countUploads,
  finishUpload,
  getUpload,
  insertUpload,
  listUploads,
  recordPart,
  removeUploads,
  setPoster,
  startCompleting,
  stopCompleting,
  toUploadDto,
  type UploadRow,
} from "../db/queries/uploads";
import type { AppEnv } from "../env";
import { discardUploads } from "../jobs/upload-cleanup";
import { ApiError, badRequest, conflict, notFound, validationFailed } from "../lib/errors";
import { BodyLengthError, exactBody } from "../lib/exact-body";
import { signedFileUrl } from "../lib/file-signature";
import { sendThumbnailJobs } from "../lib/thumbnail-queue";
import { requireModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";
import {
  BYTES_PER_MB,
  EXTENSION_OF,
  isUploadContentType,
  MAX_UNFINISHED_UPLOADS,
  mediaTypeOfContentType,
  partCountOf,
  partLengthOf,
  tooLargeMessage,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_PART_SIZE,
  UPLOAD_POSTER_MAX_BYTES,
  type UploadCompleteResponse,
  type UploadContentType,
  type UploadListResponse,
  type UploadPartResponse,
  type UploadPosterResponse,
  uploadCreateSchema,
} from "../../shared/schemas/uploads";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The caller's upload named in the path, with its parts; 404 for malformed, unknown or others' ids. */
async function ownUpload(c: Context<AppEnv>) {
  const id = c.req.param("id") ?? "";
  const found = UUID.test(id) ? await getUpload(c.get("db"), id, c.get("user")!.id) : null;
  if (!found) throw notFound("Upload");
  return found;
}

const unsupported = () => new ApiError(415, UNSUPPORTED_TYPE_MESSAGE, { code: "unsupported_media_type" });
const tooLarge = (maxMb: number) => new ApiError(413, tooLargeMessage(maxMb), { code: "payload_too_large" });
const completing = () => conflict("This upload is being completed.");

/** The site's upload limit in bytes and MB. */
async function uploadLimit(c: Context<AppEnv>) {
  const { maxFileUploadSize } = await getSettings(c.get("db"));
  return { mb: maxFileUploadSize, bytes: maxFileUploadSize * BYTES_PER_MB };
}

/** Throws 415 unless these first bytes are of the declared type. */
const expectType = (declared: UploadContentType) => (head: Uint8Array) => {
  if (sniffFileType(head) !== declared) throw unsupported();
};

/** The 400/413 of a body of the wrong length. */
const lengthError = (err: BodyLengthError, what: string, expected: number) =>
  err.problem === "long"
    ? new ApiError(413, `${what} must be exactly ${expected} bytes; more were sent.`, { code: "payload_too_large" })
    : badRequest(`${what} must be exactly ${expected} bytes; fewer were sent.`);

/** Reads a small body whole, refusing more than `max` bytes with 413. */
async function smallBody(c: Context<AppEnv>, max: number): Promise<Uint8Array> {
  const declared = c.req.header("Content-Length");
  const tooBig = () => new ApiError(413, `The poster must be at most ${max / (1024 * 1024)} MiB.`, { code: "payload_too_large" });
  if (declared && /^\d+$/.test(declared) && Number(declared) > max) {
    await c.req.raw.body?.cancel().catch(() => {});
    throw tooBig();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = c.req.raw.body?.getReader();
  for (;;) {
    if (!reader) break;
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Width and height of an image object read with the Images binding (null when unreadable). */
async function imageSize(env: Env, key: string): Promise<{ width: number | null; height: number | null }> {
  const object = await env.MEDIA.get(key);
  if (!object) return { width: null, height: null };
  try {
    const info = await env.IMAGES.info(object.body);
    return "width" in info ? { width: info.width, height: info.height } : { width: null, height: null };
  } catch {
    await object.body.cancel().catch(() => {});
    return { width: null, height: null };
  }
}

const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");

/**
 * /api/uploads: moderators and admins send images and videos into R2 in parts (R2 multipart
 * through this Worker), resumable, checked by content. Every upload belongs to the user who
 * started it. See docs/uploads-api.md.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .use(requireModerator)
  .post("/", validate("json", uploadCreateSchema), async (c) => {
    const input = c.req.valid("json");
    if (!isUploadContentType(input.contentType)) throw unsupported();
    const contentType = input.contentType;
    const limit = await uploadLimit(c);
    if (input.size > limit.bytes) throw tooLarge(limit.mb);
    const db = c.get("db");
    const found = await referencesExist(db, input.categoryId, input.factionId);
    const errors: Record<string, string[]> = {};
    if (!found.category) errors.categoryId = ["Category does not exist."];
    if (!found.faction) errors.factionId = ["Faction does not exist."];
    if (Object.keys(errors).length) throw validationFailed(errors);
    if ((await countUploads(db, c.get("user")!.id)) >= MAX_UNFINISHED_UPLOADS) {
      throw conflict(`You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Finish or cancel some of them first.`);
    }

    const id = crypto.randomUUID();
    const objectKey = `media/u${id}/original.${EXTENSION_OF[contentType]}`;
    const multipart = await c.env.MEDIA.createMultipartUpload(objectKey, { httpMetadata: { contentType } });
    let row: UploadRow;
    try {
      row = await insertUpload(db, {
        id,
        userId: c.get("user")!.id,
        objectKey,
        r2UploadId: multipart.uploadId,
        fileName: input.fileName,
        size: input.size,
        contentType,
        partSize: UPLOAD_PART_SIZE,
        partCount: partCountOf(input.size),
        title: input.title,
        // A media item always has a description (the media form requires one): a blank one takes the title.
        description: input.description || input.title,
        categoryId: input.categoryId,
        factionId: input.factionId,
      });
    } catch (err) {
      await multipart.abort().catch(() => {});
      throw err;
    }
    noStore(c);
    c.header("Location", `/api/uploads/${id}`);
    return c.json(toUploadDto(row, []), 201);
  })
  .get("/", validate("query", emptyQuerySchema), async (c) => {
    const body: UploadListResponse = { items: await listUploads(c.get("db"), c.get("user")!.id) };
    noStore(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("query", emptyQuerySchema), async (c) => {
    const { row, parts } = await ownUpload(c);
    noStore(c);
    return c.json(toUploadDto(row, parts), 200);
  })
  .put("/:id/parts/:n", async (c) => {
    const { row } = await ownUpload(c);
    if (row.status !== "uploading") throw completing();
    const text = c.req.param("n");
    const n = /^\d{1,5}$/.test(text) ? Number(text) : 0;
    if (n < 1 || n > row.partCount) {
      await c.req.raw.body?.cancel().catch(() => {});
      throw badRequest(`Part number must be a whole number from 1 to ${row.partCount}.`);
    }
    const expected = partLengthOf(row.size, n, row.partSize);
    const contentType = row.contentType as UploadContentType;
    let body;
    try {
      body = await exactBody(c.req.raw.body, expected, {
        declaredLength: c.req.header("Content-Length"),
        inspectHead: n === 1 ? expectType(contentType) : undefined,
      });
    } catch (err) {
      if (err instanceof BodyLengthError) throw lengthError(err, `Part ${n}`, expected);
      // Content of a refused type: nothing of this upload is kept.
      if (err instanceof ApiError && err.code === "unsupported_media_type") await discardUploads(c.env, c.get("db"), [row]);
      throw err;
    }
    const multipart = c.env.MEDIA.resumeMultipartUpload(row.objectKey, row.r2UploadId);
    let uploaded: R2UploadedPart;
    try {
      uploaded = await multipart.uploadPart(n, body.stream);
    } catch (err) {
      await body.done;
      const problem = body.problem();
      if (problem) throw lengthError(new BodyLengthError(problem), `Part ${n}`, expected);
      // Cancelled (or cleaned up) while this part was on its way: R2 no longer knows the
      // multipart upload and the rows are gone, so the upload is simply not there any more.
      await ownUpload(c);
      throw err;
    }
    await body.done;
    const received = await recordPart(c.get("db"), row.id, c.get("user")!.id, { partNumber: n, etag: uploaded.etag, size: expected });
    if (!received) throw notFound("Upload");
    const answer: UploadPartResponse = { partNumber: n, size: expected, receivedParts: received };
    noStore(c);
    return c.json(answer, 200);
  })
  .put("/:id/poster", async (c) => {
    const { row } = await ownUpload(c);
    if (row.status !== "uploading") throw completing();
    if (!row.contentType.startsWith("video/")) {
      await c.req.raw.body?.cancel().catch(() => {});
      throw badRequest("Only video uploads take a poster frame.");
    }
    const bytes = await smallBody(c, UPLOAD_POSTER_MAX_BYTES);
    if (sniffFileType(bytes) !== "image/webp") {
      throw new ApiError(415, "The poster frame must be a WebP image.", { code: "unsupported_media_type" });
    }
    // A new key each time: /files/* serves keys as immutable.
    const posterKey = `media/u${row.id}/poster-${Date.now().toString(36)}.webp`;
    await c.env.MEDIA.put(posterKey, bytes, { httpMetadata: { contentType: "image/webp" } });
    if (!(await setPoster(c.get("db"), row.id, c.get("user")!.id, posterKey))) {
      await c.env.MEDIA.delete(posterKey);
      throw completing();
    }
    if (row.posterKey && row.posterKey !== posterKey) await c.env.MEDIA.delete(row.posterKey);
    const answer: UploadPosterResponse = { poster: true };
    noStore(c);
    return c.json(answer, 200);
  })
  .post("/:id/complete", async (c) => {
    const { row, parts } = await ownUpload(c);
    const db = c.get("db");
    if (row.status !== "uploading") throw completing();
    const have = new Set(parts.map((p) => p.partNumber));
    const missing = Array.from({ length: row.partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
    if (missing.length) {
      throw new ApiError(409, `The upload is missing ${missing.length} of its ${row.partCount} parts.`, {
        code: "upload_incomplete",
        errors: { parts: missing.map((n) => `Part ${n} is missing.`) },
      });
    }
    const limit = await uploadLimit(c);
    if (row.size > limit.bytes) {
      // The limit was lowered since the upload started: it can never complete now.
      await discardUploads(c.env, db, [row]);
      throw tooLarge(limit.mb);
    }
    if (!(await startCompleting(db, row.id, row.userId))) throw completing();

    const multipart = c.env.MEDIA.resumeMultipartUpload(row.objectKey, row.r2UploadId);
    try {
      await multipart.complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
    } catch (err) {
      await stopCompleting(db, row.id);
      throw err;
    }
    const contentType = row.contentType as UploadContentType;
    const mediaType = mediaTypeOfContentType(contentType);
    const size = mediaType === "video" ? { width: null, height: null } : await imageSize(c.env, row.objectKey);
    let mediaId: number;
    try {
      mediaId = await finishUpload(db, row, { mediaType, ...size, thumbnails: mediaType !== "video" || !!row.posterKey });
    } catch (err) {
      // No item points at the object: remove it with the upload rather than leave an orphan.
      await c.env.MEDIA.delete([row.objectKey, ...(row.posterKey ? [row.posterKey] : [])]);
      await removeUploads(db, [row.id]);
      throw err;
    }
    const media = await getMedia(db, mediaId, true);
    if (!media) throw notFound("Media item");
    if (media.thumbnailStatus === "pending") await sendThumbnailJobs(c.env, [media.id], false);
    const fileUrl = (key: string) => (media.isApproved ? filePath(key) : signedFileUrl(c.env, key));
    const answer: UploadCompleteResponse = { media: await toMediaDto(media, fileUrl, true) };
    noStore(c);
    c.header("Location", `/api/media/${media.id}`);
    return c.json(answer, 201);
  })
  .delete("/:id", async (c) => {
    const { row } = await ownUpload(c);
    if (row.status !== "uploading") throw completing();
    await discardUploads(c.env, c.get("db"), [row]);
    return c.body(null, 204);
  });
