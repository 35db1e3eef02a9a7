import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/** The client's IP as Cloudflare reports it; never a client-supplied header like X-Forwarded-For. */
export const clientIp = (header: string | undefined) => header?.trim() || null;

/**
 * Per-IP limit on the auth routes through the AUTH_LIMITER binding (20 requests per 60 s,
 * wrangler.toml). Over the limit: 429 with Retry-After: 60 and the error envelope.
 */
export const authRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const ip = clientIp(c.req.header("CF-Connecting-IP")) ?? "unknown";
  const { success } = await c.env.AUTH_LIMITER.limit({ key: `auth:${ip}` });
  if (!success) {
    throw new ApiError(429, "Too many requests. Please wait a minute and try again.", { headers: { "Retry-After": "60" } });
  }
  await next();
});
