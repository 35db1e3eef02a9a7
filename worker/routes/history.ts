import { Hono } from "hono";
import { listHistory } from "../db/queries/history";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { actorOf, noStore, writeError } from "../lib/game-read";
import { restoreChange } from "../lib/history-restore";
import { requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { idParamSchema, paged } from "../../shared/schemas/query";
import { historyQuerySchema, restoreInputSchema } from "../../shared/schemas/history";

/**
 * /api/history (moderators and admins): the changes of one faction, unit, hero, spell, news
 * article or guide, newest first and paged; restoring a change writes its old values back as a new
 * change (409 stale_version with the current record when `updatedAt` is given and outdated).
 * Never cached: the editor must see the latest change.
 */
export const historyRoutes = new Hono<AppEnv>()
  .use(requireModerator)
  .get("/", validate("query", historyQuerySchema), async (c) => {
    const { entity, id, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listHistory(c.get("db"), entity, id, page, pageSize);
    noStore(c);
    return c.json(paged(items, totalCount, { page, pageSize }), 200);
  })
  .post("/:id/restore", contentWrite, validate("param", idParamSchema), validate("json", restoreInputSchema), async (c) => {
    const changeId = c.req.valid("param").id;
    const result = await restoreChange(c.get("db"), changeId, actorOf(c), c.req.valid("json").updatedAt);
    if (!result.ok) throw result.kind === "not_found" ? notFound("Change") : writeError(result, "Record");
    noStore(c);
    return c.json({ record: result.value, changed: result.changed }, 200);
  });
