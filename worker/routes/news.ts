import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { createNews, deleteNews, getNews, listNews, newsFilters, updateNews } from "../db/queries/news";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { keepBodyLinks, withRenderedBody } from "../lib/wiki/render";
import { lastServedPage } from "../lib/list-depth";
import { actorOf, noStore, writeError } from "../lib/game-read";
import { setReadCache } from "../lib/read-cache";
import { isModerator, requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { allowedImages } from "../middleware/allowed-images";
import { newsArticleInputSchema, newsListQuerySchema, type NewsListResponse } from "../../shared/schemas/news";
import { emptyQuerySchema, idParamSchema, paged } from "../../shared/schemas/query";

/** Reads: news list 30 s and filters 5 min for guests (the client cache numbers). */
const LIST_CACHE = { maxAge: 30, staleWhileRevalidate: 300 };
const FILTERS_CACHE = { maxAge: 300, staleWhileRevalidate: 600 };

/**
 * /api/news —. Guests and users see published articles only; moderators and admins may
 * list drafts with `status=all|draft` and read drafts by id. Writes are moderator-level.
 */
export const newsRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", newsListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const moderator = isModerator(c.get("user"));
    const status = moderator ? (query.status ?? "published") : "published";
    // Guests and members page to publicPageLimit(pageSize); moderators' lists to MAX_PAGE.
    const lastPage = lastServedPage(moderator, query);
    const { items, totalCount, capped } = await listNews(c.get("db"), { ...query, status });
    const body: NewsListResponse = paged(items, totalCount, query, lastPage);
    if (capped) body.capped = true;
    setReadCache(c, LIST_CACHE);
    return c.json(body, 200);
  })
  .get("/filters", validate("query", emptyQuerySchema), async (c) => {
    const body = await newsFilters(c.get("db"));
    setReadCache(c, FILTERS_CACHE);
    return c.json(body, 200);
  })
  .get("/:id", validate("param", idParamSchema), validate("query", emptyQuerySchema), async (c) => {
    const article = await getNews(c.get("db"), c.req.valid("param").id, isModerator(c.get("user")));
    if (!article) throw notFound("Article");
    setReadCache(c, LIST_CACHE);
    return c.json(await withRenderedBody(c.get("db"), "news", article, (work) => c.executionCtx.waitUntil(work)), 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", newsArticleInputSchema), allowedImages({ imageUrl: "Image URL" }), async (c) => {
    const result = await createNews(c.get("db"), c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Article");
    await keepBodyLinks(c.get("db"), { type: "news", id: result.value.id }, result.value.content);
    noStore(c);
    c.header("Location", `/api/news/${result.value.id}`);
    return c.json(result.value, 201);
  })
  // Based on an older version (someone else saved in between): 409 stale_version with the stored
  // article. Saving without changes writes nothing (updatedAt stays, no audit row).
  .put("/:id", requireModerator, contentWrite, validate("param", idParamSchema), validate("json", newsArticleInputSchema), allowedImages({ imageUrl: "Image URL" }), async (c) => {
    const result = await updateNews(c.get("db"), c.req.valid("param").id, c.req.valid("json"), actorOf(c));
    if (!result.ok) throw writeError(result, "Article");
    await keepBodyLinks(c.get("db"), { type: "news", id: result.value.id }, result.value.content);
    noStore(c);
    return c.json(result.value, 200);
  })
  .delete("/:id", requireModerator, contentWrite, validate("param", idParamSchema), async (c) => {
    if (!(await deleteNews(c.get("db"), c.req.valid("param").id, actorOf(c)))) throw notFound("Article");
    return c.body(null, 204);
  });
