import type { ThumbnailJob } from "../jobs/thumbnails";

/** The Queues API takes at most 100 messages per sendBatch. */
const BATCH = 100;

/** Sends one thumbnail job per media id (worker/jobs/thumbnails.ts consumes them). */
export async function sendThumbnailJobs(env: Env, ids: number[], force: boolean): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const body = ids.slice(i, i + BATCH).map((mediaId) => ({ body: { mediaId, force } satisfies ThumbnailJob }));
    await env.THUMBNAIL_QUEUE.sendBatch(body);
  }
}
