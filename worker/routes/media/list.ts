/** GET /api/media and /api/media/filters: the gallery's list and its filter choices. */
import { Hono } from "hono";
import { listMedia, mediaFilters } from "../../db/queries/media/list";
import type { AppEnv } from "../../env";
import { lastServedPage } from "../../lib/list-depth";
import { setReadCache } from "../../lib/read-cache";
import { isModerator } from "../../middleware/auth";
import { validate } from "../../middleware/validate";
import { mediaListQuerySchema, type MediaListResponse } from "../../../shared/schemas/media";
import { emptyQuerySchema, paged } from "../../../shared/schemas/query";
import { dto, ITEMS_CACHE } from "./common";

export const mediaListRoutes = new Hono<AppEnv>()
  .get("/", validate("query", mediaListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const user = c.get("user");
    const moderator = isModerator(user);
    const approvedOnly = moderator ? (query.approvedOnly ?? false) : true;
    // Guests and members page to publicPageLimit(pageSize); moderators' lists to MAX_PAGE.
    const lastPage = lastServedPage(moderator, query);
    const { rows, totalCount, capped } = await listMedia(c.get("db"), {
      ...query,
      approvedOnly,
      // Moderation states are for moderators; everyone else only ever sees approved items.
      status: moderator ? query.status : undefined,
      uploadedBy: query.mine && user ? user.id : undefined,
    });
    const body: MediaListResponse = paged(await Promise.all(rows.map((row) => dto(c, row))), totalCount, query, lastPage);
    if (capped) body.capped = true;
    setReadCache(c, ITEMS_CACHE);
    return c.json(body, 200);
  })
  .get("/filters", validate("query", emptyQuerySchema), async (c) => {
    const body = await mediaFilters(c.get("db"));
    setReadCache(c, ITEMS_CACHE);
    return c.json(body, 200);
  });
