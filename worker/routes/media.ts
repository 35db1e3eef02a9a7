import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { readEtag } from "../middleware/read-etag";
import { parseId } from "@shared/ids";
import {
  categoryUsage,
  changedMediaFields,
  createCategory,
  createMedia,
  deleteCategory,
  deleteMedia,
  filePath,
  getCategory,
  getMedia,
  isSlugConflict,
  keysOf,
  listCategories,
  listMedia,
  mediaFilters,
  queueOne,
  recordView,
  referencesExist,
  slugTaken,
  toMediaDto,
  unreferencedKeys,
  updateCategory,
  updateMedia,
  type MediaRow,
} from "../db/queries/media";
import { mediaStatusCounts, reviewMedia } from "../db/queries/media-review";
import type { AppEnv } from "../env";
import { signedFileUrl } from "../lib/file-signature";
import { conflict, notFound, validationFailed } from "../lib/errors";
import { setReadCache } from "../lib/read-cache";
import { sendThumbnailJobs } from "../lib/thumbnail-queue";
import { isModerator, requireAdmin, requireModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import {
  fileKeyOf,
  mediaCategoryInputSchema,
  mediaCategoryListQuerySchema,
  mediaCreateSchema,
  mediaItemInputSchema,
  mediaListQuerySchema,
  mediaReviewSchema,
  type MediaCategoryInput,
  type MediaItemInput,
  type MediaListResponse,
  type MediaReviewResponse,
} from "../schemas/media";

/** Guests' caches: items 1 minute, categories 2 minutes. */
const ITEMS_CACHE = { maxAge: 60, staleWhileRevalidate: 300 };
const CATEGORIES_CACHE = { maxAge: 120, staleWhileRevalidate: 600 };

/** Ids in paths are positive integers; anything else names nothing (404). */
function idParam(text: string, what: string): number {
  const id = parseId(text);
  if (id === null) throw notFound(what);
  return id;
}

/** URLs of approved items' files are plain; an unapproved item's are signed and short-lived. */
const fileUrlFor = (c: Context<AppEnv>) => (key: string, row: MediaRow) =>
  row.isApproved ? filePath(key) : signedFileUrl(c.env.JWT_SECRET, key);

const dto = (c: Context<AppEnv>, row: MediaRow) => toMediaDto(row, fileUrlFor(c), isModerator(c.get("user")));

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

const SLUG_TAKEN = "A category with this slug already exists.";
const slugConflict = () => conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
const rethrowSlugConflict = (err: unknown): never => {
  throw isSlugConflict(err) ? slugConflict() : err;
};

// ---------------------------------------------------------------------------------------------
// View counting
// ---------------------------------------------------------------------------------------------

const VIEW_COOKIE = "rc_views";
const MAX_REMEMBERED_VIEWS = 200;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's viewed ids from the cookie (`YYYY-MM-DD:1.5.9`); other days' lists are void. */
function viewedToday(cookie: string | undefined, day: string): number[] {
  if (!cookie?.startsWith(`${day}:`)) return [];
  return cookie
    .slice(day.length + 1)
    .split(".")
    .map((s) => parseId(s))
    .filter((n): n is number => n !== null);
}

/** Who is viewing: the user id when signed in, else a daily salted hash of IP and user agent. */
async function visitorKey(c: Context<AppEnv>, day: string): Promise<string> {
  const user = c.get("user");
  if (user) return `u:${user.id}`;
  const ip = c.req.header("CF-Connecting-IP") ?? "";
  const agent = c.req.header("User-Agent") ?? "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${c.env.JWT_SECRET}\n${day}\n${ip}\n${agent}`));
  return `g:${[...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/**
 * /api/media: the gallery and media management. Guests and users see approved items only
 * (whatever they ask for); moderators and admins see everything, filter by moderation state,
 * review the queue (approve or reject, one item or a selection) and write. Categories are read
 * by everyone (active ones only below Moderator) and written by admins.
 */
export const mediaRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", mediaListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const user = c.get("user");
    const moderator = isModerator(user);
    const approvedOnly = moderator ? (query.approvedOnly ?? false) : true;
    const { rows, totalCount } = await listMedia(c.get("db"), {
      ...query,
      approvedOnly,
      // Moderation states are for moderators; everyone else only ever sees approved items.
      status: moderator ? query.status : undefined,
      uploadedBy: query.mine && user ? user.id : undefined,
    });
    const body: MediaListResponse = {
      items: await Promise.all(rows.map((row) => dto(c, row))),
      totalCount,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(totalCount / query.pageSize),
    };
    setReadCache(c, ITEMS_CACHE);
    return c.json(body, 200);
  })
  .get("/filters", async (c) => {
    const body = await mediaFilters(c.get("db"));
    setReadCache(c, ITEMS_CACHE);
    return c.json(body, 200);
  })

  // ---- moderation queue (moderators) -------------------------------------------------------------
  .get("/status-counts", requireModerator, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await mediaStatusCounts(c.get("db")), 200);
  })
  // Approves or rejects one item or a selection; a missing or changed item is reported, the
  // rest are reviewed (200 either way: `done` and `failed`).
  .post("/review", requireModerator, validate("json", mediaReviewSchema), async (c) => {
    const { decision, items, reason } = c.req.valid("json");
    const outcomes = await reviewMedia(c.get("db"), items, decision, reason, { userId: c.get("user")!.id });
    const body: MediaReviewResponse = { decision, done: [], failed: [] };
    for (const outcome of outcomes) {
      if (outcome.ok) body.done.push(outcome.id);
      else if (outcome.kind === "not_found") body.failed.push({ id: outcome.id, code: "not_found", message: "Media item not found." });
      else {
        body.failed.push({
          id: outcome.id,
          code: "stale_version",
          message: "This item was changed by someone else since you loaded it.",
          current: await dto(c, outcome.current),
        });
      }
    }
    c.header("Cache-Control", "no-store");
    return c.json(body, 200);
  })

  // ---- categories ----------------------------------------------------------------------------
  .get("/categories", validate("query", mediaCategoryListQuerySchema), async (c) => {
    const { activeOnly } = c.req.valid("query");
    const items = await listCategories(c.get("db"), isModerator(c.get("user")) ? (activeOnly ?? false) : true);
    setReadCache(c, CATEGORIES_CACHE);
    return c.json(items, 200);
  })
  .get("/categories/:id", async (c) => {
    const id = idParam(c.req.param("id"), "Category");
    const category = await getCategory(c.get("db"), id, !isModerator(c.get("user")));
    if (!category) throw notFound("Category");
    setReadCache(c, CATEGORIES_CACHE);
    return c.json(category, 200);
  })
  .post("/categories", requireAdmin, validate("json", mediaCategoryInputSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    if (await slugTaken(db, input.slug)) throw slugConflict();
    const category = await createCategory(db, input, c.get("user")!.id).catch(rethrowSlugConflict);
    c.header("Cache-Control", "no-store");
    c.header("Location", `/api/media/categories/${category.id}`);
    return c.json(category, 201);
  })
  .put("/categories/:id", requireAdmin, validate("json", mediaCategoryInputSchema), async (c) => {
    const id = idParam(c.req.param("id"), "Category");
    const input: MediaCategoryInput = c.req.valid("json");
    const db = c.get("db");
    if (!(await getCategory(db, id, false))) throw notFound("Category");
    if (await slugTaken(db, input.slug, id)) throw slugConflict();
    const category = await updateCategory(db, id, input, c.get("user")!.id).catch(rethrowSlugConflict);
    if (!category) throw notFound("Category");
    c.header("Cache-Control", "no-store");
    return c.json(category, 200);
  })
  .delete("/categories/:id", requireAdmin, async (c) => {
    const id = idParam(c.req.param("id"), "Category");
    const db = c.get("db");
    if (!(await getCategory(db, id, false))) throw notFound("Category");
    const used = await categoryUsage(db, id);
    if (used > 0) {
      throw conflict(`This category still has ${used} media item${used === 1 ? "" : "s"}. Move or delete them first.`);
    }
    if (!(await deleteCategory(db, id, c.get("user")!.id))) throw notFound("Category");
    return c.body(null, 204);
  })

  // ---- items ---------------------------------------------------------------------------------
  .get("/:id", async (c) => {
    const moderator = isModerator(c.get("user"));
    const row = await getMedia(c.get("db"), idParam(c.req.param("id"), "Media item"), moderator);
    if (!row) throw notFound("Media item");
    setReadCache(c, ITEMS_CACHE);
    return c.json(await dto(c, row), 200);
  })
  .post("/", requireModerator, validate("json", mediaCreateSchema), async (c) => {
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
  .put("/:id", requireModerator, validate("json", mediaItemInputSchema), async (c) => {
    const id = idParam(c.req.param("id"), "Media item");
    const input = c.req.valid("json");
    const db = c.get("db");
    const before = await getMedia(db, id, true);
    if (!before) throw notFound("Media item");
    await checkReferences(c, input);
    c.header("Cache-Control", "no-store");
    const changes = changedMediaFields(before, input);
    // Saving without changes writes nothing (updatedAt stays, no audit row).
    if (!Object.keys(changes).length) return c.json(await dto(c, before), 200);
    const row = await updateMedia(db, id, input, { userId: c.get("user")!.id, details: changes });
    if (!row) throw notFound("Media item");
    return c.json(await dto(c, row), 200);
  })
  .delete("/:id", requireModerator, async (c) => {
    const id = idParam(c.req.param("id"), "Media item");
    const db = c.get("db");
    const row = await getMedia(db, id, true);
    if (!row || !(await deleteMedia(db, row, c.get("user")!.id))) throw notFound("Media item");
    await deleteObjects(c, keysOf(row));
    return c.body(null, 204);
  })
  .post("/:id/thumbnails", requireModerator, async (c) => {
    const id = idParam(c.req.param("id"), "Media item");
    const db = c.get("db");
    if (!(await getMedia(db, id, true))) throw notFound("Media item");
    const queued = await queueOne(db, id);
    if (queued === null) throw conflict("This item has no image to make thumbnails from.");
    await sendThumbnailJobs(c.env, [queued], true);
    c.header("Cache-Control", "no-store");
    return c.json({ message: "Thumbnail job queued.", queued: 1 }, 202);
  })
  .post("/:id/view", async (c) => {
    const id = idParam(c.req.param("id"), "Media item");
    const now = Date.now();
    const day = utcDay(now);
    const seen = viewedToday(getCookie(c, VIEW_COOKIE), day);
    c.header("Cache-Control", "no-store");
    // A repeat view today costs no D1 write at all.
    if (seen.includes(id)) return c.json({ counted: false }, 200);
    const result = await recordView(c.get("db"), id, await visitorKey(c, day), day, utcDay(now - 86_400_000));
    if (!result) throw notFound("Media item");
    setCookie(c, VIEW_COOKIE, `${day}:${[...seen, id].slice(-MAX_REMEMBERED_VIEWS).join(".")}`, {
      path: "/api/media",
      httpOnly: true,
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
      maxAge: 86_400,
    });
    return c.json(result, 200);
  });
