import { api, unwrap } from "@/lib/api-client";

/**
 * POST /api/media/{id}/view when the lightbox shows an item. The server counts it at most once
 * per visitor and day; a failure is ignored (a view count is not worth an error message).
 */
export async function recordMediaView(id: number): Promise<void> {
  try {
    await unwrap(api.api.media[":id"].view.$post({ param: { id: String(id) } }));
  } catch {
    // Best effort.
  }
}
