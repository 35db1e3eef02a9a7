import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { ApiError } from "./lib/errors";
import { currentUsage } from "./db/usage";
import { API_SECURITY_HEADERS } from "./lib/security-headers";
import { publicCors } from "./middleware/cors";
import { database } from "./middleware/database";
import { authenticate } from "./middleware/auth";
import { edgeGenerations } from "./middleware/content-write";
import { envCheck } from "./middleware/env-check";
import { maintenanceGate } from "./middleware/maintenance";
import { errorHandler, notFoundHandler } from "./middleware/error-handler";
import { adminDashboardRoutes } from "./routes/admin-dashboard";
import { adminUsersRoutes } from "./routes/admin-users";
import { accountRoutes } from "./routes/account";
import { authRoutes } from "./routes/auth";
import { healthRoutes } from "./routes/health";
import { newsRoutes } from "./routes/news";
import { factionRoutes } from "./routes/faction";
import { gameInfoRoutes } from "./routes/gameinfo";
import { heroRoutes } from "./routes/hero";
import { spellRoutes } from "./routes/spell";
import { unitRoutes } from "./routes/unit";
import { mediaRoutes } from "./routes/media";
import { thumbnailRoutes } from "./routes/thumbnails";
import { historyRoutes } from "./routes/history";
import { auditRoutes } from "./routes/audit";
import { settingsRoutes } from "./routes/settings";
import { searchRoutes } from "./routes/search";
import { uploadRoutes } from "./routes/uploads";
import { backlinkRoutes, wikiRoutes } from "./routes/wiki";

/** JSON bodies larger than this are refused with 413 (uploads have their own limits). */
const MAX_JSON_BODY = 256 * 1024;

const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BODY,
  onError: () => {
    throw new ApiError(413, "Payload too large.");
  },
});

/** PUT /api/uploads/{id}/parts/{n} and /poster: the only routes whose bodies are not JSON. */
const isUploadBody = (method: string, path: string) =>
  method === "PUT" && /^\/api\/uploads\/[^/]+\/(?:parts\/[^/]+|poster)$/.test(path);

/** The JSON API, mounted under /api. Each resource is one chained sub-app. */
const api = new Hono<AppEnv>()
  .basePath("/api")
  // The same id as the request's log line (worker/lib/request-log.ts).
  .use(requestId({ headerName: "X-Request-Id", generator: () => currentUsage()?.id ?? crypto.randomUUID() }))
  .use(async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(k, v);
  })
  // Guests' reads are open to other sites' browsers; writes, auth and preflights for them are not.
  .use(publicCors)
  // Upload parts and posters are raw bytes streamed to R2 with their own exact limits
  // (worker/routes/uploads.ts): the part's size, the poster's 2 MiB.
  .use(async (c, next) => (isUploadBody(c.req.method, c.req.path) ? next() : jsonLimit(c, next)))
  .use(envCheck)
  // A declared content write that succeeds starts a new edge-cache generation.
  .use(edgeGenerations)
  .use(database)
  .use(authenticate)
  .use(maintenanceGate)
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  // The signed-in member's own sessions, data export and account deletion.
  .route("/account", accountRoutes)
  .route("/admin/users", adminUsersRoutes)
  .route("/admin/dashboard", adminDashboardRoutes)
  .route("/news", newsRoutes)
  // Game content (factions, units, heroes, spells, game info).
  .route("/faction", factionRoutes)
  .route("/unit", unitRoutes)
  .route("/hero", heroRoutes)
  .route("/spell", spellRoutes)
  .route("/gameinfo", gameInfoRoutes)
  // Change history with restore (game assets and news; moderators).
  .route("/history", historyRoutes)
  // The audit log, read only (administrators).
  .route("/audit", auditRoutes)
  // Media (gallery, media management, categories, thumbnail maintenance).
  .route("/media", mediaRoutes)
  .route("/", thumbnailRoutes)
  // Site settings.
  .route("/settings", settingsRoutes)
  // Site-wide search.
  .route("/search", searchRoutes)
  // Uploads into R2 in parts (moderators).
  .route("/uploads", uploadRoutes)
  // What links here, the broken links and the body preview (guides and news).
  .route("/backlinks", backlinkRoutes)
  .route("/wiki", wikiRoutes);

api.onError(errorHandler);
api.notFound(notFoundHandler);

export type AppType = typeof api;
export { api };
