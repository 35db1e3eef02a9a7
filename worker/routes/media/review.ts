/** The moderation queue (moderators): counts per state, and approving or rejecting items. */
import { Hono } from "hono";
import { mediaStatusCounts, reviewMedia } from "../../db/queries/media/review";
import type { AppEnv } from "../../env";
import { requireModerator } from "../../middleware/auth";
import { contentWrite } from "../../middleware/content-write";
import { validate } from "../../middleware/validate";
import { mediaReviewSchema, type MediaReviewResponse } from "../../../shared/schemas/media";
import { emptyQuerySchema } from "../../../shared/schemas/query";
import { dto } from "./common";

export const mediaReviewRoutes = new Hono<AppEnv>()
  .get("/status-counts", requireModerator, validate("query", emptyQuerySchema), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await mediaStatusCounts(c.get("db")), 200);
  })
  // Approves or rejects one item or a selection; a missing or changed item is reported, the
  // rest are reviewed (200 either way: `done` and `failed`). A content write: approving puts
  // items in the gallery, rejecting an approved one takes it out.
  .post("/review", requireModerator, contentWrite, validate("json", mediaReviewSchema), async (c) => {
    const { decision, items, reason } = c.req.valid("json");
    const outcomes = await reviewMedia(c.get("db"), items, decision, reason, { userId: c.get("user")!.id });
    const body: MediaReviewResponse = { decision, done: [], failed: [] };
    for (const outcome of outcomes) {
      if (outcome.ok) body.done.push(outcome.id);
      else if (outcome.kind === "not_found") body.failed.push({ id: outcome.id, code: "not_found", message: "Media item not found." });
      else {
        body.failed.push({
          id: outcome.id,
          code: "stale_version",
          message: "This item was changed by someone else since you loaded it.",
          current: await dto(c, outcome.current),
        });
      }
    }
    c.header("Cache-Control", "no-store");
    return c.json(body, 200);
  });
