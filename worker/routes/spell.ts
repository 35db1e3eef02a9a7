import { Hono } from "hono";
import { etag } from "hono/etag";
import { getSpell, listSpells, spellFilters } from "../db/queries/spell";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { canSeeHidden, gameReadCache, includeHidden, pathId } from "../lib/game-read";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../schemas/gameinfo";
import { paged } from "../schemas/game-query";
import { spellListQuerySchema } from "../schemas/spell";

/** /api/spell: spells (filter by school, level, type, common, offering faction), filters, one spell. */
export const spellRoutes = new Hono<AppEnv>()
  .use(etag())
  .get("/", validate("query", spellListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, ...filter } = c.req.valid("query");
    const { items, totalCount } = await listSpells(c.get("db"), { ...filter, all: includeHidden(c, activeOnly) }, page, pageSize);
    gameReadCache(c);
    return c.json(paged(items, totalCount, page, pageSize), 200);
  })
  .get("/filters", validate("query", emptyQuerySchema), async (c) => {
    const body = await spellFilters(c.get("db"));
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("query", emptyQuerySchema), async (c) => {
    const spell = await getSpell(c.get("db"), pathId(c, "Spell"), canSeeHidden(c));
    if (!spell) throw notFound("Spell");
    gameReadCache(c);
    return c.json(spell, 200);
  });
