import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { search } from "../db/queries/search";
import type { AppEnv } from "../env";
import { ftsQuery } from "../db/fts";
import { setReadCache } from "../lib/read-cache";
import { isModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { SEARCH_GROUP_SIZE, SEARCH_PAGE_SIZE, searchQuerySchema, type SearchResponse } from "../../shared/schemas/search";

const CACHE = { maxAge: 60, staleWhileRevalidate: 300 };

/**
 * GET /api/search?q=&type=&page= — news, game info, factions, units, heroes and spells, ranked.
 * Per type the newest SEARCH_MATCH_CAP results are ranked; a type with more says so (`capped`,
 * shown as "30+"), so a common word reads a bounded number of rows (ADR 0040).
 * The text is turned into a quoted FTS5 expression (no user text is ever FTS syntax); text with
 * no words answers no results. Guests and users see published and active rows only.
 */
export const searchRoutes = new Hono<AppEnv>().use(readEtag()).get("/", validate("query", searchQuerySchema), async (c) => {
  const { q, type, page } = c.req.valid("query");
  const query = q.trim();
  const match = ftsQuery(query);
  const body: SearchResponse = match
    ? await search(c.get("db"), { query, match, type, page, includeHidden: isModerator(c.get("user")) })
    : { query, groups: [], totalCount: 0, page, pageSize: type ? SEARCH_PAGE_SIZE : SEARCH_GROUP_SIZE, totalPages: 0 };
  setReadCache(c, CACHE);
  return c.json(body, 200);
});
