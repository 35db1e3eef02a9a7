import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { createUnit, deleteUnit, getUnitDetail, listUnits, unitFilters, unitsByIds, updateUnit } from "../db/queries/unit";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { actorOf, canSeeHidden, gameReadCache, includeHidden, noStore, writeError } from "../lib/game-read";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { allowedImages } from "../middleware/allowed-images";
import { idParamSchema, paged } from "../../shared/schemas/query";
import { unitDetailQuerySchema, unitFiltersQuerySchema, unitInputSchema, unitListQuerySchema } from "../../shared/schemas/unit";

/**
 * /api/unit: units across factions (or the few asked by `ids`, for the comparison), the filters'
 * values, one unit with its upgrade chain, faction and same-tier units; writes for moderators
 * and admins (audited; PUT with a stale `updatedAt` is 409 stale_version).
 */
export const unitRoutes = new Hono<AppEnv>()
  .use(readEtag())
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
    return c.json(paged(items, totalCount, { page, pageSize }), 200);
  })
  .get("/filters", validate("query", unitFiltersQuerySchema), async (c) => {
    const body = await unitFilters(c.get("db"), c.req.valid("query").factionId);
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", unitDetailQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const unit = await getUnitDetail(c.get("db"), id, canSeeHidden(c), c.req.valid("query"));
    if (!unit) throw notFound("Unit");
    gameReadCache(c);
    return c.json(unit, 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", unitInputSchema), allowedImages({ portraitUrl: "Portrait URL" }), async (c) => {
    const result = await createUnit(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Unit");
    noStore(c);
    c.header("Location", `/api/unit/${result.value.id}`);
    return c.json(result.value, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", unitInputSchema), allowedImages({ portraitUrl: "Portrait URL" }), async (c) => {
    const result = await updateUnit(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Unit");
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    if (!(await deleteUnit(c.get("db"), c.req.valid("param").id, actorOf(c)))) throw notFound("Unit");
    return c.body(null, 204);
  });
