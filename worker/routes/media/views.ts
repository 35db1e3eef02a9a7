/**
 * POST /api/media/{id}/view: counts a view once a day per visitor (a signed-in user, or the
 * client's network under a daily HMAC), within a budget of views per network.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { recordView } from "../../db/queries/media/views";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { derivedKey } from "../../lib/keys";
import { clientIp, rateLimitKey } from "../../middleware/rate-limit";
import { validate } from "../../middleware/validate";
import { idParamSchema } from "../../../shared/schemas/query";

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Who is viewing: the user id when signed in, else the client's network (an IPv4 address, an
 * IPv6 /64) under a daily HMAC with the views' own key (worker/lib/keys.ts): the raw address is
 * never stored, and a new User-Agent or cookie from the same network is the same visitor.
 */
async function visitorKey(c: Context<AppEnv>, network: string, day: string): Promise<string> {
  const user = c.get("user");
  if (user) return `u:${user.id}`;
  const mac = await crypto.subtle.sign("HMAC", await derivedKey(c.env.JWT_SECRET, "views"), new TextEncoder().encode(`${day}\n${network}`));
  return `g:${hex(mac)}`;
}

const tooManyViews = () =>
  new ApiError(429, "Too many views from your network. Please wait a minute and try again.", { headers: { "Retry-After": "60" } });

export const mediaViewRoutes = new Hono<AppEnv>()
  .post("/:id/view", validate("param", idParamSchema), async (c) => {
    const id = c.req.valid("param").id;
    const network = rateLimitKey(clientIp(c.req.header("CF-Connecting-IP")));
    // The one write open to guests: a budget per network (VIEW_LIMITER, wrangler.toml).
    if (!(await c.env.VIEW_LIMITER.limit({ key: `view:${network}` })).success) throw tooManyViews();
    const now = Date.now();
    const day = utcDay(now);
    c.header("Cache-Control", "no-store");
    // Counted once per visitor, item and day; a missing or unapproved item writes nothing (404).
    const result = await recordView(c.get("db"), id, await visitorKey(c, network, day), day, utcDay(now - 86_400_000));
    if (!result) throw notFound("Media item");
    return c.json(result, 200);
  });
