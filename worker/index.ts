import { Hono } from "hono";
import { routePath } from "hono/route";
import { api } from "./app";
import type { AppEnv } from "./env";
import { BOOKMARK_HEADER, openRequestSession } from "./db/session";
import { sweepAccountRecords } from "./jobs/account-cleanup";
import { handleMailBatch, MAIL_QUEUE_NAME, sweepOutbox } from "./jobs/mail";
import { edgeCached, edgeGeneration, freshnessFloor, isGuestRead } from "./lib/edge-cache";
import { requestFaults, withFaultyBindings } from "./lib/faults";
import { apiReadKey } from "./lib/read-key";
import type { ErrorBody } from "./lib/errors";
import { MALFORMED_AUTHORIZATION, malformedAuthorization } from "./middleware/auth";
import { handleThumbnailBatch } from "./jobs/thumbnails";
import { sweepStaleUploads, UPLOAD_CLEANUP_CRON } from "./jobs/upload-cleanup";
import { API_SECURITY_HEADERS, withHeaders } from "./lib/security-headers";
import { siteHtml } from "./lib/site-html";
import { errorHandler, notFoundHandler } from "./middleware/error-handler";
import { currentUsage, meterD1, noteError, runWithUsage, startUsage } from "./db/usage";
import { finishRequest } from "./lib/request-log";
import { maintenancePage, pageRoutes } from "./pages";
import { commentsFrameRoutes } from "./routes/comments-frame";
import { filesRoutes } from "./routes/files";
import { robotsRoutes, seoRoutes } from "./routes/seo";

/**
 * The Worker. The API lives under /api; unknown /api paths answer JSON 404 (never the SPA).
 * R2 files are served at /files/{key} (worker/routes/files.ts). robots.txt, sitemap.xml and the
 * news feed come from worker/routes/seo.ts; every page of the app's route table is rendered by
 * React with its metadata and first API answers, and any other path is a 404 (worker/pages).
 * A write to any other path answers the API's JSON 404. Only the build's files (/assets, /images,
 * the favicon) skip the Worker (run_worker_first in wrangler.toml).
 */
const app = new Hono<AppEnv>()
  // The request's log line names the route that answered and the signed-in member (worker/lib/request-log.ts).
  .use(async (c, next) => {
    await next();
    const usage = currentUsage();
    if (usage) {
      usage.route = routePath(c) || null;
      usage.userId = c.get("user")?.id ?? null;
    }
  })
  // What is not a page, answered before the site's settings are read: the API, R2 files,
  // robots.txt and the comment widget's frame. Each answers every path it is mounted at.
  .route("/", api)
  .all("/api/*", notFoundHandler)
  .route("/files", filesRoutes)
  .route("/", robotsRoutes)
  .route("/", commentsFrameRoutes)
  // Everything else is the site's (its pages, the 404 page, the sitemap and the feed): the site
  // settings apply, name, description and maintenance (worker/lib/site-html.ts). The pages are
  // the route table's (worker/pages), so no list of pages or non-pages is kept here.
  .use(siteHtml(maintenancePage))
  .route("/", seoRoutes)
  // A write to a path that is no route (`/API/news`, `/api%2Fnews`): the API's error envelope,
  // like every refused write (ADR 0025); pages answer GET and HEAD only.
  .on(["POST", "PUT", "PATCH", "DELETE"], "*", async (c) =>
    withHeaders(await notFoundHandler(c), { ...API_SECURITY_HEADERS, "Cache-Control": "no-store" }),
  )
  .route("/", pageRoutes);

app.onError(errorHandler);

/**
 * Every request runs on one D1 session (worker/db/session.ts); API answers carry its latest
 * bookmark. A guest read's session is at least as fresh as the edge cache's generation (the
 * last content write here), since its answer may be stored for everyone. Guest API reads go
 * through the edge cache (worker/lib/edge-cache.ts); page HTML is cached by the page registry
 * itself. Content writes start a new generation themselves (worker/middleware/content-write.ts).
 */
async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const usage = startUsage(request);
  meterD1(env);
  return runWithUsage(usage, async () => {
    let response: Response;
    try {
      response = await serve(request, env, ctx);
    } catch (err) {
      noteError(err);
      finishRequest(usage, request, new Response(null, { status: 500 }));
      throw err;
    }
    return finishRequest(usage, request, response);
  });
}

/** 401 `unauthorized` in the API's envelope, for an Authorization that is not `Bearer <token>`. */
function refuseAuthorization(): Response {
  const body: ErrorBody = { code: "unauthorized", message: MALFORMED_AUTHORIZATION };
  return Response.json(body, {
    status: 401,
    headers: { ...API_SECURITY_HEADERS, "Cache-Control": "no-store", "X-Request-Id": currentUsage()?.id ?? crypto.randomUUID() },
  });
}

async function serve(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  // On every path, before the cache or D1: such a request would skip the edge cache like a
  // member's and then read as a guest (ADR 0047).
  if (malformedAuthorization(request)) return refuseAuthorization();
  const guestRead = isGuestRead(request);
  const floor = guestRead ? freshnessFloor(await edgeGeneration(env, request, ctx)) : undefined;
  const faults = requestFaults(env, request);
  const session = openRequestSession(withFaultyBindings(env, faults), request, floor, faults);
  const sessionEnv = session.env;
  if (!new URL(request.url).pathname.startsWith("/api/")) return app.fetch(request, sessionEnv, ctx);
  // A guest read is cached under what it means (its route and validated query), not its spelling.
  const key = guestRead ? apiReadKey(request) : null;
  const response = await edgeCached(request, key, ctx, async () => app.fetch(request, sessionEnv, ctx), { env });
  const bookmark = session.bookmark();
  if (!bookmark) return response;
  const answer = new Response(response.body, response);
  answer.headers.set(BOOKMARK_HEADER, bookmark);
  return answer;
}

export default {
  fetch,
  /** Thumbnail jobs and their dead letters (worker/jobs/thumbnails.ts); account mail (worker/jobs/mail.ts). */
  queue: (batch, env, ctx) => (batch.queue === MAIL_QUEUE_NAME ? handleMailBatch(batch, env) : handleThumbnailBatch(batch, env, ctx)),
  /**
   * Every 5 minutes: mail still waiting in the outbox is sent and mail past its retention deleted
   * (worker/jobs/mail.ts), and account records nothing reads any more are removed
   * (worker/jobs/account-cleanup.ts).
   * Hourly: uploads left unfinished for 24 hours are aborted (worker/jobs/upload-cleanup.ts).
   */
  scheduled: async (controller, env, ctx) => {
    if (controller.cron === UPLOAD_CLEANUP_CRON) {
      ctx.waitUntil(sweepStaleUploads(env).then(() => undefined));
      return;
    }
    ctx.waitUntil(sweepOutbox(env).then(() => undefined));
    ctx.waitUntil(sweepAccountRecords(env).then(() => undefined));
  },
} satisfies ExportedHandler<Env>;
