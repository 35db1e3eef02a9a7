import { Hono } from "hono";
import { etag } from "hono/etag";
import { getUnitDetail, listUnits, unitFilters, unitsByIds } from "../db/queries/unit";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { canSeeHidden, gameReadCache, includeHidden, pathId } from "../lib/game-read";
import { validate } from "../middleware/validate";
import { paged } from "../schemas/game-query";
import { unitDetailQuerySchema, unitFiltersQuerySchema, unitListQuerySchema } from "../schemas/unit";

/**
 * /api/unit: units across factions (or the few asked by `ids`, for the comparison), the filters'
 * values, one unit with its upgrade chain, faction and same-tier units.
 */
export const unitRoutes = new Hono<AppEnv>()
  .use(etag())
  .get("/", validate("query", unitListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, ids, ...filter } = c.req.valid("query");
    if (ids !== undefined) {
      // The comparison's read: like /unit/{id}, moderators see inactive units by id.
      const body = await unitsByIds(c.get("db"), ids, canSeeHidden(c));
      gameReadCache(c);
      return c.json(body, 200);
    }
    const { items, totalCount } = await listUnits(c.get("db"), { ...filter, all: includeHidden(c, activeOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, page, pageSize), 200);
  })
  .get("/filters", validate("query", unitFiltersQuerySchema), async (c) => {
    const body = await unitFilters(c.get("db"), c.req.valid("query").factionId);
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("query", unitDetailQuerySchema), async (c) => {
    const id = pathId(c, "Unit");
    const unit = await getUnitDetail(c.get("db"), id, canSeeHidden(c), c.req.valid("query"));
    if (!unit) throw notFound("Unit");
    gameReadCache(c);
    return c.json(unit, 200);
  });
