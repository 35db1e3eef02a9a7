import { Hono } from "hono";
import { etag } from "hono/etag";
import { getUnit, listUnits, unitFilters } from "../db/queries/unit";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { canSeeHidden, gameReadCache, includeHidden, pathId } from "../lib/game-read";
import { validate } from "../middleware/validate";
import { paged } from "../schemas/game-query";
import { unitDetailQuerySchema, unitFiltersQuerySchema, unitListQuerySchema } from "../schemas/unit";

/** /api/unit: units across factions, the filters' values, one unit with its upgrade chain. */
export const unitRoutes = new Hono<AppEnv>()
  .use(etag())
  .get("/", validate("query", unitListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, ...filter } = c.req.valid("query");
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
    const unit = await getUnit(c.get("db"), id, canSeeHidden(c), c.req.valid("query").includeUpgrades);
    if (!unit) throw notFound("Unit");
    gameReadCache(c);
    return c.json(unit, 200);
  });
