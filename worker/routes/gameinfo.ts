import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import {
  createGameInfo,
  deleteGameInfo,
  featuredGameInfo,
  gameInfoCategories,
  getGameInfo,
  getGameInfoBySlug,
  listGameInfo,
  relatedGameInfo,
  relatedGameInfoBySlug,
  updateGameInfo,
} from "../db/queries/gameinfo";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { keepBodyLinks, withRenderedBody } from "../lib/wiki/render";
import { actorOf, canSeeHidden, gameReadCache, includeHidden, noStore, writeError } from "../lib/game-read";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { allowedImages } from "../middleware/allowed-images";
import { emptyQuerySchema, idParamSchema, paged } from "../../shared/schemas/query";
import {
  gameInfoCategoriesQuerySchema,
  gameInfoFeaturedQuerySchema,
  gameInfoInputSchema,
  gameInfoListQuerySchema,
  gameInfoRelatedQuerySchema,
} from "../../shared/schemas/gameinfo";
import { SLUG_MAX, SLUG_PATTERN } from "@shared/game";

/** A slug that cannot exist is a 404 without a query. */
const pathSlug = (slug: string) => {
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw notFound("Article");
  return slug;
};

/**
 * /api/gameinfo: game-info articles (guides). Guests and users see published ones only;
 * moderators may pass publishedOnly=false and read unpublished ones by id or slug. A slug the
 * article had before answers the article (its `slug` is the current one). Writes are for
 * moderators and admins, versioned (`updatedAt`: 409 stale_version), audited and kept in the
 * change history (/api/history?entity=gameinfo).
 */
export const gameInfoRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", gameInfoListQuerySchema), async (c) => {
    const { page, pageSize, publishedOnly, ...filter } = c.req.valid("query");
    const { items, totalCount } = await listGameInfo(c.get("db"), { ...filter, all: includeHidden(c, publishedOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, { page, pageSize }), 200);
  })
  .get("/categories", validate("query", gameInfoCategoriesQuerySchema), async (c) => {
    const body = await gameInfoCategories(c.get("db"), includeHidden(c, c.req.valid("query").publishedOnly));
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/featured", validate("query", gameInfoFeaturedQuerySchema), async (c) => {
    const items = await featuredGameInfo(c.get("db"), c.req.valid("query").limit);
    gameReadCache(c);
    return c.json({ items }, 200);
  })
  .get("/slug/:slug", validate("query", emptyQuerySchema), async (c) => {
    const article = await getGameInfoBySlug(c.get("db"), pathSlug(c.req.param("slug")), canSeeHidden(c));
    if (!article) throw notFound("Article");
    gameReadCache(c);
    return c.json(await withRenderedBody(c.get("db"), "guide", article, (work) => c.executionCtx.waitUntil(work)), 200);
  })
  // The same as /{id}/related, for a page that knows the slug only (one round trip less).
  .get("/slug/:slug/related", validate("query", gameInfoRelatedQuerySchema), async (c) => {
    const items = await relatedGameInfoBySlug(c.get("db"), pathSlug(c.req.param("slug")), c.req.valid("query").limit, canSeeHidden(c));
    if (!items) throw notFound("Article");
    gameReadCache(c);
    return c.json({ items }, 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", emptyQuerySchema), async (c) => {
    const article = await getGameInfo(c.get("db"), c.req.valid("param").id, canSeeHidden(c));
    if (!article) throw notFound("Article");
    gameReadCache(c);
    return c.json(await withRenderedBody(c.get("db"), "guide", article, (work) => c.executionCtx.waitUntil(work)), 200);
  })
  .get("/:id/related", validate("param", idParamSchema), validate("query", gameInfoRelatedQuerySchema), async (c) => {
    const items = await relatedGameInfo(c.get("db"), c.req.valid("param").id, c.req.valid("query").limit, canSeeHidden(c));
    if (!items) throw notFound("Article");
    gameReadCache(c);
    return c.json({ items }, 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", gameInfoInputSchema), allowedImages({ imageUrl: "Image URL" }), async (c) => {
    const result = await createGameInfo(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Article");
    await keepBodyLinks(c.get("db"), { type: "guide", id: result.value.id }, result.value.content);
    noStore(c);
    c.header("Location", `/api/gameinfo/${result.value.id}`);
    return c.json(result.value, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", gameInfoInputSchema), allowedImages({ imageUrl: "Image URL" }), async (c) => {
    const result = await updateGameInfo(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Article");
    await keepBodyLinks(c.get("db"), { type: "guide", id: result.value.id }, result.value.content);
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    if (!(await deleteGameInfo(c.get("db"), c.req.valid("param").id, actorOf(c)))) throw notFound("Article");
    return c.body(null, 204);
  });
