/** /api/media/categories: read by everyone (active ones only below Moderator), written by admins. */
import { Hono } from "hono";
import { categoryUsage, createCategory, deleteCategory, getCategory, isSlugConflict, listCategories, slugTaken, updateCategory } from "../../db/queries/media/categories";
import type { AppEnv } from "../../env";
import { isStale } from "../../db/queries/versioned";
import { conflict, notFound, staleVersion } from "../../lib/errors";
import { setReadCache } from "../../lib/read-cache";
import { isModerator, requireAdmin } from "../../middleware/auth";
import { contentWrite } from "../../middleware/content-write";
import { validate } from "../../middleware/validate";
import { allowedImages } from "../../middleware/allowed-images";
import { mediaCategoryInputSchema, mediaCategoryListQuerySchema, mediaCategoryUpdateSchema } from "../../../shared/schemas/media";
import { emptyQuerySchema, idParamSchema } from "../../../shared/schemas/query";
import { CATEGORIES_CACHE } from "./common";

const SLUG_TAKEN = "A category with this slug already exists.";
const slugConflict = () => conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
const rethrowSlugConflict = (err: unknown): never => {
  throw isSlugConflict(err) ? slugConflict() : err;
};

export const mediaCategoryRoutes = new Hono<AppEnv>()
  .get("/categories", validate("query", mediaCategoryListQuerySchema), async (c) => {
    const { activeOnly } = c.req.valid("query");
    const items = await listCategories(c.get("db"), isModerator(c.get("user")) ? (activeOnly ?? false) : true);
    setReadCache(c, CATEGORIES_CACHE);
    return c.json(items, 200);
  })
  .get("/categories/:id", validate("param", idParamSchema), validate("query", emptyQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const category = await getCategory(c.get("db"), id, !isModerator(c.get("user")));
    if (!category) throw notFound("Category");
    setReadCache(c, CATEGORIES_CACHE);
    return c.json(category, 200);
  })
  .post("/categories", requireAdmin, contentWrite, validate("json", mediaCategoryInputSchema), allowedImages({ iconUrl: "Icon URL" }), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    if (await slugTaken(db, input.slug)) throw slugConflict();
    const category = await createCategory(db, input, c.get("user")!.id).catch(rethrowSlugConflict);
    c.header("Cache-Control", "no-store");
    c.header("Location", `/api/media/categories/${category.id}`);
    return c.json(category, 201);
  })
  // A versioned write: based on an older `updatedAt` than the stored one, 409 stale_version with
  // the stored category (worker/db/queries/versioned.ts).
  .put("/categories/:id", requireAdmin, contentWrite, validate("param", idParamSchema), validate("json", mediaCategoryUpdateSchema), allowedImages({ iconUrl: "Icon URL" }), async (c) => {
    const id = c.req.valid("param").id;
    const { updatedAt: version, ...input } = c.req.valid("json");
    const db = c.get("db");
    const before = await getCategory(db, id, false);
    if (!before) throw notFound("Category");
    if (isStale(version, before.updatedAt)) throw staleVersion(before);
    if (await slugTaken(db, input.slug, id)) throw slugConflict();
    const written = await updateCategory(db, before, input, c.get("user")!.id).catch(rethrowSlugConflict);
    if (!written.ok) throw written.kind === "stale" ? staleVersion(written.current) : notFound("Category");
    c.header("Cache-Control", "no-store");
    return c.json(written.value, 200);
  })
  .delete("/categories/:id", requireAdmin, contentWrite, validate("param", idParamSchema), async (c) => {
    const id = c.req.valid("param").id;
    const db = c.get("db");
    if (!(await getCategory(db, id, false))) throw notFound("Category");
    const used = await categoryUsage(db, id);
    if (used > 0) {
      throw conflict(`This category still has ${used} media item${used === 1 ? "" : "s"}. Move or delete them first.`);
    }
    if (!(await deleteCategory(db, id, c.get("user")!.id))) throw notFound("Category");
    return c.body(null, 204);
  });
