import { Hono } from "hono";
import { queueRegeneration, queueSync } from "../db/queries/media/thumbnails";
import type { AppEnv } from "../env";
import { sendThumbnailJobs } from "../lib/thumbnail-queue";
import { requireModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import {
  regenerateThumbnailsSchema,
  type RegenerateThumbnailsResponse,
  type ThumbnailSyncResponse,
} from "../../shared/schemas/media";

const jobs = (n: number) => `${n} thumbnail job${n === 1 ? "" : "s"}`;

/**
 * Thumbnail maintenance (moderators and admins). Both calls only mark items pending and queue
 * jobs, answering at once; the queue consumer does the work.
 */
export const thumbnailRoutes = new Hono<AppEnv>()
  // Mounted at the API root: the role check goes on each route (a `.use` here would run for every path).
  .post("/admin/regenerate-thumbnails", requireModerator, validate("json", regenerateThumbnailsSchema), async (c) => {
    const { force } = c.req.valid("json");
    const ids = await queueRegeneration(c.get("db"), force);
    await sendThumbnailJobs(c.env, ids, force);
    const body: RegenerateThumbnailsResponse = {
      message: ids.length
        ? `Queued ${jobs(ids.length)}${force ? " (all thumbnails will be regenerated)" : ""}.`
        : "Every media item already has its WebP thumbnails.",
      queued: ids.length,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, 202);
  })
  .post("/thumbnailsync/trigger-manual", requireModerator, async (c) => {
    const ids = await queueSync(c.get("db"));
    await sendThumbnailJobs(c.env, ids, true);
    const body: ThumbnailSyncResponse = {
      message: ids.length ? `Re-queued ${jobs(ids.length)} for pending and failed items.` : "No pending or failed thumbnails.",
      triggered: ids.length > 0,
      queued: ids.length,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, 202);
  });
