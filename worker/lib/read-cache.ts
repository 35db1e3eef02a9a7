import type { Context } from "hono";
import type { AppEnv } from "../env";
import { isModeratorLevel } from "@shared/roles";

/**
 * Cache-Control for public reads. Guests share a short public cache; signed-in
 * readers revalidate every time (ETag makes that cheap); moderators and admins, who may see
 * drafts and must see their own writes at once, never store. `Vary: Authorization` keeps a
 * guest copy from being served to a signed-in request.
 */
export function setReadCache(
  c: Context<AppEnv>,
  options: { maxAge: number; staleWhileRevalidate: number },
): void {
  const user = c.get("user");
  const privileged = isModeratorLevel(user?.roles);
  c.header(
    "Cache-Control",
    privileged
      ? "private, no-store"
      : user
        ? "private, no-cache"
        : `public, max-age=${options.maxAge}, stale-while-revalidate=${options.staleWhileRevalidate}`,
  );
  c.header("Vary", "Authorization");
}
