/**
 * What the media routes share: the item DTO with its file URLs, and guests' cache
 * lifetimes. The routes themselves are split by concern beside this file (list, review,
 * categories, items, views) and mounted in order by ../media.ts.
 */
import type { Context } from "hono";
import { filePath, toMediaDto, type MediaRow } from "../../db/queries/media/common";
import type { AppEnv } from "../../env";
import { signedFileUrl } from "../../lib/file-signature";
import { isModerator } from "../../middleware/auth";

/** Guests' caches: items 1 minute, categories 2 minutes. */
export const ITEMS_CACHE = { maxAge: 60, staleWhileRevalidate: 300 };
export const CATEGORIES_CACHE = { maxAge: 120, staleWhileRevalidate: 600 };

/** URLs of approved items' files are plain; an unapproved item's are signed and short-lived. */
const fileUrlFor = (c: Context<AppEnv>) => (key: string, row: MediaRow) =>
  row.isApproved ? filePath(key) : signedFileUrl(c.env, key);

export const dto = (c: Context<AppEnv>, row: MediaRow) => toMediaDto(row, fileUrlFor(c), isModerator(c.get("user")));
