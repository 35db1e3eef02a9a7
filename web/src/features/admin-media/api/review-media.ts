import { api, unwrap } from "@/lib/api-client";
import type { MediaItem, MediaReviewResponse, ReviewDecision } from "@schemas/media";
import { revalidateAllMedia } from "./media-cache";

/**
 * POST /api/media/review: approves or rejects the items (each with the version on screen, so an
 * item someone changed meanwhile is reported instead of overwritten). A rejection needs a reason.
 * Answers what was done and what failed; then every cached media read (lists, counts) refreshes.
 */
export async function reviewMedia(decision: ReviewDecision, items: readonly MediaItem[], reason?: string): Promise<MediaReviewResponse> {
  try {
    return await unwrap(
      api.api.media.review.$post({ json: { decision, items: items.map((i) => ({ id: i.id, updatedAt: i.updatedAt })), reason } }),
    );
  } finally {
    void revalidateAllMedia();
  }
}
