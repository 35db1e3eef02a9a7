import { Hono } from "hono";
import { beforeAndAfter } from "../lib/audit-details";
import { readEtag } from "../middleware/read-etag";
import { createNews, changedFields, deleteNews, getNews, listNews, newsFilters, updateNews } from "../db/queries/news";
import type { AppEnv } from "../env";
import { notFound, staleVersion } from "../lib/errors";
import { parseId } from "@shared/ids";
import { setReadCache } from "../lib/read-cache";
import { isModerator, requireModerator } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { newsArticleInputSchema, newsListQuerySchema, type NewsArticleInput } from "../schemas/news";

/** Reads: news list 30 s and filters 5 min for guests (the client cache numbers). */
const LIST_CACHE = { maxAge: 30, staleWhileRevalidate: 300 };
const FILTERS_CACHE = { maxAge: 300, staleWhileRevalidate: 600 };

/** Article ids are positive integers; anything else names no article (404). */
function articleId(text: string): number {
  const id = parseId(text);
  if (id === null) throw notFound("Article");
  return id;
}

/** What the audit log keeps of an article's fields (the content only as its length). */
const auditFields = (fields: Partial<NewsArticleInput>) => {
  const { content, ...rest } = fields;
  return content === undefined ? rest : { ...rest, contentLength: content.length };
};

/** An update's `{ before, after }`, each side with the content as its length. */
const mapBoth = <T,>(d: { before: T; after: T }, f: (v: T) => unknown) => ({ before: f(d.before), after: f(d.after) });

/**
 * /api/news —. Guests and users see published articles only; moderators and admins may
 * list drafts with `status=all|draft` and read drafts by id. Writes are moderator-level.
 */
export const newsRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .get("/", validate("query", newsListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const status = isModerator(c.get("user")) ? (query.status ?? "published") : "published";
    const body = await listNews(c.get("db"), { ...query, status });
    setReadCache(c, LIST_CACHE);
    return c.json(body, 200);
  })
  .get("/filters", async (c) => {
    const body = await newsFilters(c.get("db"));
    setReadCache(c, FILTERS_CACHE);
    return c.json(body, 200);
  })
  .get("/:id", async (c) => {
    const article = await getNews(c.get("db"), articleId(c.req.param("id")), isModerator(c.get("user")));
    if (!article) throw notFound("Article");
    setReadCache(c, LIST_CACHE);
    return c.json(article, 200);
  })
  .post("/", requireModerator, contentWrite, validate("json", newsArticleInputSchema), async (c) => {
    const input = c.req.valid("json");
    const article = await createNews(c.get("db"), input, { userId: c.get("user")!.id, details: auditFields(input) });
    c.header("Cache-Control", "no-store");
    c.header("Location", `/api/news/${article.id}`);
    return c.json(article, 201);
  })
  .put("/:id", requireModerator, contentWrite, validate("json", newsArticleInputSchema), async (c) => {
    const id = articleId(c.req.param("id"));
    const input = c.req.valid("json");
    const before = await getNews(c.get("db"), id, true);
    if (!before) throw notFound("Article");
    // Based on an older version: someone else saved in between (409 with the stored article).
    if (input.updatedAt !== undefined && input.updatedAt !== before.updatedAt) throw staleVersion(before);
    const changes = changedFields(before, input);
    c.header("Cache-Control", "no-store");
    // Saving without changes writes nothing (updatedAt stays, no audit row).
    if (!Object.keys(changes).length) return c.json(before, 200);
    const result = await updateNews(c.get("db"), before, input, {
      userId: c.get("user")!.id,
      details: mapBoth(beforeAndAfter(before, changes), auditFields),
    });
    if (!result.ok) throw result.kind === "stale" ? staleVersion(result.current) : notFound("Article");
    return c.json(result.article, 200);
  })
  .delete("/:id", requireModerator, contentWrite, async (c) => {
    const id = articleId(c.req.param("id"));
    if (!(await deleteNews(c.get("db"), id, c.get("user")!.id))) throw notFound("Article");
    return c.body(null, 204);
  });
