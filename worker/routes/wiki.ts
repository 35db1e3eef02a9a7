import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listBacklinks, listBrokenLinks } from "../db/queries/wiki-links";
import { canSeeHidden, gameReadCache, noStore } from "../lib/game-read";
import { renderBody, sourceHref } from "../lib/wiki/render";
import { requireModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { readEtag } from "../middleware/read-etag";
import { paged } from "../../shared/schemas/query";
import { backlinksQuerySchema, brokenLinksQuerySchema, wikiPreviewSchema, type Backlink, type BrokenLink } from "../../shared/schemas/wiki";

/**
 * /api/backlinks: "What links here" for a unit, hero, spell, faction or guide: the guides and
 * news whose bodies link to it or embed its card (drafts listed for moderators only).
 */
export const backlinkRoutes = new Hono<AppEnv>().use(readEtag()).get("/", validate("query", backlinksQuerySchema), async (c) => {
  const { type, id, page, pageSize } = c.req.valid("query");
  const { items, totalCount } = await listBacklinks(c.get("db"), { type, id }, canSeeHidden(c), page, pageSize);
  const body: Backlink[] = items.map((s) => ({ type: s.type, id: s.id, title: s.title, path: sourceHref(s), isPublished: s.isPublished, embeds: s.embeds }));
  gameReadCache(c);
  return c.json(paged(body, totalCount, { page, pageSize }), 200);
});

/**
 * /api/wiki: the moderators' tools for bodies: the broken links list, and the preview of a body
 * as readers will see it, with the editor's warnings (missing, hidden and ambiguous references).
 */
export const wikiRoutes = new Hono<AppEnv>()
  .get("/broken-links", requireModerator, validate("query", brokenLinksQuerySchema), async (c) => {
    const { reason, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listBrokenLinks(c.get("db"), reason, page, pageSize);
    const body: BrokenLink[] = items.map((b) => ({
      source: { type: b.source.type, id: b.source.id, title: b.source.title, path: sourceHref(b.source) },
      text: b.text,
      ref: b.ref,
      reason: b.reason,
    }));
    noStore(c);
    return c.json(paged(body, totalCount, { page, pageSize }), 200);
  })
  .post("/preview", requireModerator, validate("json", wikiPreviewSchema), async (c) => {
    const rendered = await renderBody(c.get("db"), c.req.valid("json").content, null);
    noStore(c);
    return c.json({ contentHtml: rendered.html, toc: rendered.toc, warnings: rendered.warnings }, 200);
  });
