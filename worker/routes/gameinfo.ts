import { Hono } from "hono";
import { etag } from "hono/etag";
import {
  featuredGameInfo,
  gameInfoCategories,
  getGameInfo,
  getGameInfoBySlug,
  listGameInfo,
  relatedGameInfo,
} from "../db/queries/gameinfo";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { canSeeHidden, gameReadCache, includeHidden, pathId } from "../lib/game-read";
import { validate } from "../middleware/validate";
import { paged } from "../schemas/game-query";
import {
  emptyQuerySchema,
  gameInfoFeaturedQuerySchema,
  gameInfoListQuerySchema,
  gameInfoRelatedQuerySchema,
} from "../schemas/gameinfo";
import { SLUG_MAX, SLUG_PATTERN } from "@shared/game";

/** A slug that cannot exist is a 404 without a query. */
const pathSlug = (slug: string) => {
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw notFound("Article");
  return slug;
};

/**
 * /api/gameinfo: game-info articles. Guests and users see published ones only; moderators may
 * pass publishedOnly=false and read unpublished ones by id or slug.
 */
export const gameInfoRoutes = new Hono<AppEnv>()
  .use(etag())
  .get("/", validate("query", gameInfoListQuerySchema), async (c) => {
    const { page, pageSize, publishedOnly, ...filter } = c.req.valid("query");
    const { items, totalCount } = await listGameInfo(c.get("db"), { ...filter, all: includeHidden(c, publishedOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, page, pageSize), 200);
  })
  .get("/categories", validate("query", emptyQuerySchema), async (c) => {
    const body = await gameInfoCategories(c.get("db"));
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
    return c.json(article, 200);
  })
  .get("/:id", validate("query", emptyQuerySchema), async (c) => {
    const article = await getGameInfo(c.get("db"), pathId(c, "Article"), canSeeHidden(c));
    if (!article) throw notFound("Article");
    gameReadCache(c);
    return c.json(article, 200);
  })
  .get("/:id/related", validate("query", gameInfoRelatedQuerySchema), async (c) => {
    const items = await relatedGameInfo(c.get("db"), pathId(c, "Article"), c.req.valid("query").limit, canSeeHidden(c));
    if (!items) throw notFound("Article");
    gameReadCache(c);
    return c.json({ items }, 200);
  });
