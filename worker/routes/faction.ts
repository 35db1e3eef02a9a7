import { Hono } from "hono";
import { factionHeroes } from "../db/queries/hero";
import { createFaction, deleteFaction, getFaction, listFactions, updateFaction } from "../db/queries/faction";
import { factionUnits } from "../db/queries/unit";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { actorOf, canSeeHidden, gameReadCache, includeHidden, noStore, writeError } from "../lib/game-read";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { readEtag } from "../middleware/read-etag";
import { validate } from "../middleware/validate";
import { allowedImages } from "../middleware/allowed-images";
import { factionDetailQuerySchema, factionInputSchema, factionListQuerySchema } from "../../shared/schemas/faction";
import { idParamSchema, whole } from "../../shared/schemas/query";
import { factionHeroesQuerySchema } from "../../shared/schemas/hero";
import { factionUnitsQuerySchema } from "../../shared/schemas/unit";

/**
 * /api/faction: the factions with optional units, heroes and spells. Guests and users see
 * active factions and active rows only; moderators may pass activeOnly=false and read an
 * inactive faction by id. Writes are for moderators and admins, audited; a faction that still
 * has units or heroes cannot be deleted (409).
 */
/** A faction's images, checked against the site's image hosts on every write. */
const FACTION_IMAGES = { logoUrl: "Logo URL", backgroundUrl: "Background URL", bannerUrl: "Banner URL" };

export const factionRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", factionListQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const items = await listFactions(c.get("db"), { ...q, all: includeHidden(c, q.activeOnly) });
    gameReadCache(c);
    return c.json(whole(items), 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", factionDetailQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const q = c.req.valid("query");
    const faction = await getFaction(c.get("db"), id, { ...q, all: includeHidden(c, q.activeOnly) }, canSeeHidden(c));
    if (!faction) throw notFound("Faction");
    gameReadCache(c);
    return c.json(faction, 200);
  })
  .get("/:id/units", validate("param", idParamSchema), validate("query", factionUnitsQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const { activeOnly, ...filter } = c.req.valid("query");
    const items = await factionUnits(c.get("db"), id, { ...filter, all: includeHidden(c, activeOnly) }, canSeeHidden(c));
    if (!items) throw notFound("Faction");
    gameReadCache(c);
    return c.json(whole(items), 200);
  })
  .get("/:id/heroes", validate("param", idParamSchema), validate("query", factionHeroesQuerySchema), async (c) => {
    const id = c.req.valid("param").id;
    const { activeOnly, ...filter } = c.req.valid("query");
    const items = await factionHeroes(c.get("db"), id, { ...filter, all: includeHidden(c, activeOnly) }, canSeeHidden(c));
    if (!items) throw notFound("Faction");
    gameReadCache(c);
    return c.json(whole(items), 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", factionInputSchema), allowedImages(FACTION_IMAGES), async (c) => {
    const result = await createFaction(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Faction");
    noStore(c);
    c.header("Location", `/api/faction/${result.value.id}`);
    return c.json(result.value, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", factionInputSchema), allowedImages(FACTION_IMAGES), async (c) => {
    const result = await updateFaction(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Faction");
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    const result = await deleteFaction(c.get("db"), c.req.valid("param").id, actorOf(c));
    if (!result.ok) throw writeError(result, "Faction");
    return c.body(null, 204);
  });
