/** One media item: read, create, edit, delete and re-queue its thumbnails (writes: moderators). */
import type { Context } from "hono";
import { Hono } from "hono";
import { beforeAndAfter } from "../../db/audit-details";
import { keysOf } from "../../db/queries/media/common";
import { changedMediaFields, createMedia, deleteMedia, getMedia, referencesExist, unreferencedKeys, updateMedia } from "../../db/queries/media/items";
import { queueOne } from "../../db/queries/media/thumbnails";
import type { AppEnv } from "../../env";
import { isStale } from "../../db/queries/versioned";
import { conflict, notFound, staleVersion, validationFailed } from "../../lib/errors";
import { setReadCache } from "../../lib/read-cache";
import { sendThumbnailJobs } from "../../lib/thumbnail-queue";
import { isModerator, requireModerator } from "../../middleware/auth";
import { contentWrite } from "../../middleware/content-write";
import { validate } from "../../middleware/validate";
import { allowedImages } from "../../middleware/allowed-images";
import { fileKeyOf, mediaCreateSchema, mediaItemUpdateSchema, type MediaItemInput } from "../../../shared/schemas/media";
import { emptyQuerySchema, idParamSchema } from "../../../shared/schemas/query";
import { dto, ITEMS_CACHE } from "./common";

/** 400 with field errors when the category or faction does not exist. */
async function checkReferences(c: Context<AppEnv>, input: MediaItemInput) {
  const found = await referencesExist(c.get("db"), input.categoryId, input.factionId);
  const errors: Record<string, string[]> = {};
  if (!found.category) errors.categoryId = ["Category does not exist."];
  if (!found.faction) errors.factionId = ["Faction does not exist."];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Deletes R2 objects no remaining item refers to (after the row is gone). */
async function deleteObjects(c: Context<AppEnv>, keys: string[]) {
  const gone = await unreferencedKeys(c.get("db"), keys.filter((k) => k.startsWith("media/")));
  if (gone.length) await c.env.MEDIA.delete(gone);
}

export const mediaItemRoutes = new Hono<AppEnv>()
  .get("/:id", validate("param", idParamSchema), validate("query", emptyQuerySchema), async (c) => {
    const moderator = isModerator(c.get("user"));
    const row = await getMedia(c.get("db"), c.req.valid("param").id, moderator);
    if (!row) throw notFound("Media item");
    setReadCache(c, ITEMS_CACHE);
    return c.json(await dto(c, row), 200);
  })
  .post("/", requireModerator, validate("json", mediaCreateSchema), allowedImages({ originalUrl: "Original URL" }), async (c) => {
    const input = c.req.valid("json");
    await checkReferences(c, input);
    const key = fileKeyOf(input.originalUrl);
    let fileSize = input.fileSize;
    let contentType: string | null = null;
    if (key !== null) {
      const object = key.startsWith("media/") ? await c.env.MEDIA.head(key) : null;
      if (!object) throw validationFailed({ originalUrl: ["No uploaded file exists at this path."] });
      fileSize = object.size;
      contentType = object.httpMetadata?.contentType ?? null;
    }
    const user = c.get("user")!;
    const row = await createMedia(
      c.get("db"),
      {
        ...input,
        originalKey: key,
        originalUrl: key === null ? input.originalUrl : null,
        contentType,
        fileSize,
        width: input.width ?? null,
        height: input.height ?? null,
        uploadedBy: user.id,
      },
      { userId: user.id, details: { title: input.title, mediaType: input.mediaType, originalUrl: input.originalUrl } },
    );
    if (row.thumbnailStatus === "pending") await sendThumbnailJobs(c.env, [row.id], false);
    c.header("Cache-Control", "no-store");
    c.header("Location", `/api/media/${row.id}`);
    return c.json(await dto(c, row), 201);
  })
  // A versioned write: based on an older `updatedAt` than the stored one, 409 stale_version with
  // the stored item (worker/db/queries/versioned.ts).
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", mediaItemUpdateSchema), async (c) => {
    const id = c.req.valid("param").id;
    const input = c.req.valid("json");
    const db = c.get("db");
    const before = await getMedia(db, id, true);
    if (!before) throw notFound("Media item");
    if (isStale(input.updatedAt, before.updatedAt)) throw staleVersion(await dto(c, before));
    await checkReferences(c, input);
    c.header("Cache-Control", "no-store");
    const changes = changedMediaFields(before, input);
    // Saving without changes writes nothing (updatedAt stays, no audit row).
    if (!Object.keys(changes).length) return c.json(await dto(c, before), 200);
    const written = await updateMedia(db, before, input, { userId: c.get("user")!.id, details: beforeAndAfter(before, changes) });
    if (!written.ok) throw written.kind === "stale" ? staleVersion(await dto(c, written.current)) : notFound("Media item");
    return c.json(await dto(c, written.value), 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    const id = c.req.valid("param").id;
    const db = c.get("db");
    const row = await getMedia(db, id, true);
    if (!row || !(await deleteMedia(db, row, c.get("user")!.id))) throw notFound("Media item");
    await deleteObjects(c, keysOf(row));
    return c.body(null, 204);
  })
  .post("/:id/thumbnails", requireModerator, validate("param", idParamSchema), async (c) => {
    const id = c.req.valid("param").id;
    const db = c.get("db");
    if (!(await getMedia(db, id, true))) throw notFound("Media item");
    const queued = await queueOne(db, id);
    if (queued === null) throw conflict("This item has no image to make thumbnails from.");
    await sendThumbnailJobs(c.env, [queued], true);
    c.header("Cache-Control", "no-store");
    return c.json({ message: "Thumbnail job queued.", queued: 1 }, 202);
  });
