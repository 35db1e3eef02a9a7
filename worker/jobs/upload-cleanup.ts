/**
 * Throwing uploads away: aborting the R2 multipart upload (its parts go with it), deleting a
 * received poster frame and removing the D1 rows. Used when a user cancels, when a file turns out
 * to be of a refused type, and by the hourly cron for uploads left unfinished for 24 hours, so no
 * orphaned parts or rows accumulate.
 */
import { openDatabase } from "../db/client";
import { removeUploads, staleUploads } from "../db/queries/uploads";
import type { Database } from "../db/client";
import { UPLOAD_TTL_MS } from "../../shared/schemas/uploads";

type Discardable = { id: string; objectKey: string; r2UploadId: string; posterKey: string | null };

/** The cron trigger (wrangler.toml) that runs the sweep: hourly, at minute 17. */
export const UPLOAD_CLEANUP_CRON = "17 * * * *";

/** How many stale uploads one cron run handles (the rest wait for the next run). */
const SWEEP_LIMIT = 100;

/** Aborts the uploads in R2 (already aborted or completed ones are fine) and removes their rows. */
export async function discardUploads(env: Env, db: Database, rows: Discardable[]): Promise<void> {
  if (!rows.length) return;
  await Promise.all(
    rows.map((row) =>
      env.MEDIA.resumeMultipartUpload(row.objectKey, row.r2UploadId)
        .abort()
        .catch(() => {}),
    ),
  );
  const posters = rows.map((r) => r.posterKey).filter((k): k is string => !!k);
  if (posters.length) await env.MEDIA.delete(posters);
  await removeUploads(
    db,
    rows.map((r) => r.id),
  );
}

/** The cron's work: aborts uploads started more than 24 hours before `now`; answers how many. */
export async function sweepStaleUploads(env: Env, now = Date.now()): Promise<number> {
  const db = openDatabase(env.DB);
  const stale = await staleUploads(db, new Date(now - UPLOAD_TTL_MS).toISOString(), SWEEP_LIMIT);
  await discardUploads(env, db, stale);
  if (stale.length) console.log(JSON.stringify({ level: "info", where: "upload-cleanup", aborted: stale.length }));
  return stale.length;
}
