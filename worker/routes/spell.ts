import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { createSpell, deleteSpell, getSpellDetail, listSpells, spellFilters, updateSpell } from "../db/queries/spell";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { actorOf, canSeeHidden, gameReadCache, includeHidden, noStore, writeError } from "../lib/game-read";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { emptyQuerySchema, idParamSchema, paged } from "../../shared/schemas/query";
import { spellDetailQuerySchema, spellInputSchema, spellListQuerySchema } from "../../shared/schemas/spell";

/**
 * /api/spell: spells (filter by school, level, type, target, common, offering faction; with
 * `includeFactions` each names its factions), filters, one spell.
 */
export const spellRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", spellListQuerySchema), async (c) => {
    const { page, pageSize, activeOnly, includeFactions, ...filter } = c.req.valid("query");
    const all = includeHidden(c, activeOnly);
    const { items, totalCount } = await listSpells(c.get("db"), { ...filter, all }, page, pageSize, includeFactions);
    gameReadCache(c);
    return c.json(paged(items, totalCount, { page, pageSize }), 200);
  })
  .get("/filters", validate("query", emptyQuerySchema), async (c) => {
    const body = await spellFilters(c.get("db"));
    gameReadCache(c);
    return c.json(body, 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", spellDetailQuerySchema), async (c) => {
    const spell = await getSpellDetail(c.get("db"), c.req.valid("param").id, canSeeHidden(c), c.req.valid("query").includeFactions);
    if (!spell) throw notFound("Spell");
    gameReadCache(c);
    return c.json(spell, 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", spellInputSchema), async (c) => {
    const result = await createSpell(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Spell");
    noStore(c);
    c.header("Location", `/api/spell/${result.value.id}`);
    return c.json(result.value, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", spellInputSchema), async (c) => {
    const result = await updateSpell(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Spell");
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    if (!(await deleteSpell(c.get("db"), c.req.valid("param").id, actorOf(c)))) throw notFound("Spell");
    return c.body(null, 204);
  });
