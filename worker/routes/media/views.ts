/**
 * POST /api/media/{id}/view: counts a view once a day per visitor (a signed-in user, or a daily
 * salted hash of IP and user agent); the day's viewed ids ride in a cookie so a repeat costs no
 * D1 write.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { parseId } from "@shared/ids";
import { recordView } from "../../db/queries/media";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { idParam } from "./common";

const VIEW_COOKIE = "rc_views";
const MAX_REMEMBERED_VIEWS = 200;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's viewed ids from the cookie (`YYYY-MM-DD:1.5.9`); other days' lists are void. */
function viewedToday(cookie: string | undefined, day: string): number[] {
  if (!cookie?.startsWith(`${day}:`)) return [];
  return cookie
    .slice(day.length + 1)
    .split(".")
    .map((s) => parseId(s))
    .filter((n): n is number => n !== null);
}

/** Who is viewing: the user id when signed in, else a daily salted hash of IP and user agent. */
async function visitorKey(c: Context<AppEnv>, day: string): Promise<string> {
  const user = c.get("user");
  if (user) return `u:${user.id}`;
  const ip = c.req.header("CF-Connecting-IP") ?? "";
  const agent = c.req.header("User-Agent") ?? "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${c.env.JWT_SECRET}\n${day}\n${ip}\n${agent}`));
  return `g:${[...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export const mediaViewRoutes = new Hono<AppEnv>()
  .post("/:id/view", async (c) => {
    const id = idParam(c.req.param("id"), "Media item");
    const now = Date.now();
    const day = utcDay(now);
    const seen = viewedToday(getCookie(c, VIEW_COOKIE), day);
    c.header("Cache-Control", "no-store");
    // A repeat view today costs no D1 write at all.
    if (seen.includes(id)) return c.json({ counted: false }, 200);
    const result = await recordView(c.get("db"), id, await visitorKey(c, day), day, utcDay(now - 86_400_000));
    if (!result) throw notFound("Media item");
    setCookie(c, VIEW_COOKIE, `${day}:${[...seen, id].slice(-MAX_REMEMBERED_VIEWS).join(".")}`, {
      path: "/api/media",
      httpOnly: true,
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
      maxAge: 86_400,
    });
    return c.json(result, 200);
  });
