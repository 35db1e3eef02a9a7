import { createMiddleware } from "hono/factory";
import { sessionBookmark } from "../db/session";
import type { AppEnv } from "../env";
import { startEdgeGeneration } from "../lib/edge-cache";

/**
 * Declares a route a content write: it changes what guests see (news, game data, media and its
 * categories, site settings). Put it in the route's chain, after the role check:
 *
 *   .put("/:id", requireModerator, contentWrite, validate("json", schema), async (c) => …)
 *
 * Only declared routes start a new edge-cache generation, and only when they succeed: never a
 * path's text, account traffic, views, uploads or a refused request (ADR 0025). The campaign in
 * tests/worker/hostile-input.test.ts and tests/worker/cache-generation.test.ts hold it.
 */
export const contentWrite = createMiddleware<AppEnv>(async (c, next) => {
  c.set("contentWrite", true);
  await next();
});

/** Whether a route handler is the `contentWrite` declaration (tests walk `api.routes` with it). */
export const isContentWrite = (handler: unknown) => handler === contentWrite;

/**
 * Mounted once on the API: after a declared content write answered with success, a new
 * generation starts, carrying the write's D1 bookmark so that guest misses read at least that
 * fresh (worker/lib/edge-cache.ts).
 */
export const edgeGenerations = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.get("contentWrite") && !c.error && c.res.status < 400) await startEdgeGeneration(sessionBookmark(c.env.DB));
});
