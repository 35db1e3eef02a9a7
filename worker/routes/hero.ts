import { Hono } from "hono";
import { etag } from "hono/etag";
import { getHero, heroFilters, listHeroes } from "../db/queries/hero";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { canSeeHidden, gameReadCache, includeHidden, pathId } from "../lib/game-read";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../schemas/gameinfo";
import { paged } from "../schemas/game-query";
import { heroFiltersQuerySchema, heroListQuerySchema } from "../schemas/hero";

/** /api/hero: heroes across factions, the filters' values, one hero. */
export const heroRoutes = new Hono<AppEnv>()
  .use(etag())
  .get("/", validate("query", heroListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, ...filter } = c.req.valid("query");
    const { items, totalCount } = await listHeroes(c.get("db"), { ...filter, all: includeHidden(c, activeOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, page, pageSize), 200);
  })
  .get("/filters", validate("query", heroFiltersQuerySchema), async (c) => {
    const body = await heroFilters(c.get("db"), c.req.valid("query").factionId);
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("query", emptyQuerySchema), async (c) => {
    const hero = await getHero(c.get("db"), pathId(c, "Hero"), canSeeHidden(c));
    if (!hero) throw notFound("Hero");
    gameReadCache(c);
    return c.json(hero, 200);
  });
