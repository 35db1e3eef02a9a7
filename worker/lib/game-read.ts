import type { Context } from "hono";
import type { AppEnv } from "../env";
import { isModerator } from "../middleware/auth";
import { parseId } from "@shared/ids";
import { notFound } from "./errors";
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

/** A record id from the path; anything but a positive whole number names nothing (404). */
export function pathId(c: Context<AppEnv>, what: string, name = "id"): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw notFound(what);
  return id;
}
