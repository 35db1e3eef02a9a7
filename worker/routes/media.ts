import { Hono } from "hono";
import type { AppEnv } from "../env";
import { readEtag } from "../middleware/read-etag";
import { mediaCategoryRoutes } from "./media/categories";
import { mediaItemRoutes } from "./media/items";
import { mediaListRoutes } from "./media/list";
import { mediaReviewRoutes } from "./media/review";
import { mediaViewRoutes } from "./media/views";

/**
 * /api/media: the gallery and media management. Guests and users see approved items only
 * (whatever they ask for); moderators and admins see everything, filter by moderation state,
 * review the queue (approve or reject, one item or a selection) and write. Categories are read
 * by everyone (active ones only below Moderator) and written by admins.
 *
 * One file per concern under ./media/, mounted in this order: the fixed paths (`/filters`,
 * `/status-counts`, `/review`, `/categories`) come before the items' `/:id`.
 */
export const mediaRoutes = new Hono<AppEnv>()
  .use(readEtag())
  .route("/", mediaListRoutes)
  .route("/", mediaReviewRoutes)
  .route("/", mediaCategoryRoutes)
  .route("/", mediaItemRoutes)
  .route("/", mediaViewRoutes);
