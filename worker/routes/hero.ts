import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { createHero, deleteHero, getHeroDetail, heroFilters, listHeroes, updateHero } from "../db/queries/hero";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { actorOf, canSeeHidden, gameReadCache, includeHidden, noStore, writeError } from "../lib/game-read";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { allowedImages } from "../middleware/allowed-images";
import { idParamSchema, paged } from "../../shared/schemas/query";
import { heroDetailQuerySchema, heroFiltersQuerySchema, heroInputSchema, heroListQuerySchema } from "../../shared/schemas/hero";

/**
 * /api/hero: heroes across factions, the filters' values, one hero (with its faction and spells
 * on request); audited writes for moderators and admins.
 */
export const heroRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", heroListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, ...filter } = c.req.valid("query");
    const { items, totalCount } = await listHeroes(c.get("db"), { ...filter, all: includeHidden(c, activeOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, { page, pageSize }), 200);
  })
  .get("/filters", validate("query", heroFiltersQuerySchema), async (c) => {
    const body = await heroFilters(c.get("db"), c.req.valid("query").factionId);
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", heroDetailQuerySchema), async (c) => {
    const hero = await getHeroDetail(c.get("db"), c.req.valid("param").id, canSeeHidden(c), c.req.valid("query"));
    if (!hero) throw notFound("Hero");
    gameReadCache(c);
    return c.json(hero, 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", heroInputSchema), allowedImages({ portraitUrl: "Portrait URL" }), async (c) => {
    const result = await createHero(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Hero");
    noStore(c);
    c.header("Location", `/api/hero/${result.value.id}`);
    return c.json(result.value, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", heroInputSchema), allowedImages({ portraitUrl: "Portrait URL" }), async (c) => {
    const result = await updateHero(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Hero");
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    if (!(await deleteHero(c.get("db"), c.req.valid("param").id, actorOf(c)))) throw notFound("Hero");
    return c.body(null, 204);
  });
