import type { Context } from "hono";
import type { AppEnv } from "../env";
import { isModerator } from "../middleware/auth";
import type { Actor, WriteFailure } from "../db/queries/game-common";
import { conflict, notFound, staleVersion, validationFailed, type ApiError } from "./errors";
import { setReadCache } from "./read-cache";

/** Game content reads are cached for a minute by guests (spec: factions, units, heroes 1 minute). */
export const GAME_READ_CACHE = { maxAge: 60, staleWhileRevalidate: 60 };

/** Cache headers of a public game read. */
export const gameReadCache = (c: Context<AppEnv>) => setReadCache(c, GAME_READ_CACHE);

/** Whether the caller may see inactive or unpublished rows (a moderator or admin). */
export const canSeeHidden = (c: Context<AppEnv>) => isModerator(c.get("user"));

/**
 * Whether a read includes inactive rows: only when a moderator asks with activeOnly=false
 * (or publishedOnly=false); guests and users always get the visible rows.
 */
export const includeHidden = (c: Context<AppEnv>, visibleOnly: boolean) => !visibleOnly && canSeeHidden(c);

/** The caller of a write (routes behind requireModerator always have a user). */
export const actorOf = (c: Context<AppEnv>): Actor => ({ userId: c.get("user")!.id });

/** A failed write as its API error: 404, 409 stale_version with the stored record, 400 with field errors, 409. */
export function writeError(failure: WriteFailure, what: string): ApiError {
  switch (failure.kind) {
    case "not_found":
      return notFound(what);
    case "stale":
      return staleVersion(failure.current);
    case "invalid":
      return validationFailed(failure.errors);
    case "conflict":
      return conflict(failure.message, failure.errors);
  }
}

/** The answer of a successful write: never cached. */
export const noStore = (c: Context<AppEnv>) => c.header("Cache-Control", "no-store");
