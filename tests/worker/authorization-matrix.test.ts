/**
 * The authorisation matrix: every route the API mounts (read from the app itself, so a new
 * route without an entry here fails) × guest, user, moderator, admin, a deactivated user and a
 * revoked token, with the expected outcome. "ok" means the role gate let the request through:
 * any status but 401/403 (the empty body may well be a 400, an unknown id a 404), never a 5xx.
 * The revoked token comes with a D1 bookmark from before its revocation (a bookmark never
 * authorises: worker/db/session.ts), and no refused request starts a new edge-cache generation.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/app";
import { storedEdgeGeneration } from "../../worker/lib/edge-cache";
import type { Role } from "../../worker/db/schema";
import { call, createUser, tokenFor, uniqueIp } from "./helpers";

/** Who may pass the route's role gate. */
type Access = "public" | "signed-in" | "moderator" | "admin";

const MATRIX: Record<string, Access> = {
  "GET /api/health": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "GET /api/auth/me": "signed-in",
  "PUT /api/auth/profile": "signed-in",
  "POST /api/auth/change-password": "signed-in",
  "POST /api/auth/verify-email": "public",
  "POST /api/auth/resend-verification": "signed-in",
  "POST /api/auth/refresh": "signed-in",
  "POST /api/auth/logout": "signed-in",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password/check": "public",
  "POST /api/auth/reset-password": "public",
  "POST /api/auth/unlock": "public",
  "GET /api/auth/fastcomments-sso": "public",
  "GET /api/account/sessions": "signed-in",
  "POST /api/account/sessions/sign-out-others": "signed-in",
  "DELETE /api/account/sessions/:id": "signed-in",
  "GET /api/account/stats": "signed-in",
  "GET /api/account/export": "signed-in",
  "POST /api/account/delete": "signed-in",
  "GET /api/admin/users": "admin",
  "PUT /api/admin/users/:id/status": "admin",
  "PUT /api/admin/users/:id/roles": "admin",
  "DELETE /api/admin/users/:id": "admin",
  "POST /api/admin/users/:id/verification-mail": "admin",
  "POST /api/admin/users/:id/password-reset-mail": "admin",
  "GET /api/admin/dashboard/stats": "moderator",
  "GET /api/news": "public",
  "GET /api/news/filters": "public",
  "GET /api/news/:id": "public",
  "POST /api/news": "moderator",
  "PUT /api/news/:id": "moderator",
  "DELETE /api/news/:id": "moderator",
  "GET /api/faction": "public",
  "GET /api/faction/:id": "public",
  "GET /api/faction/:id/units": "public",
  "GET /api/faction/:id/heroes": "public",
  "POST /api/faction": "moderator",
  "PUT /api/faction/:id": "moderator",
  "DELETE /api/faction/:id": "moderator",
  "GET /api/unit": "public",
  "GET /api/unit/filters": "public",
  "GET /api/unit/:id": "public",
  "POST /api/unit": "moderator",
  "PUT /api/unit/:id": "moderator",
  "DELETE /api/unit/:id": "moderator",
  "GET /api/hero": "public",
  "GET /api/hero/filters": "public",
  "GET /api/hero/:id": "public",
  "POST /api/hero": "moderator",
  "PUT /api/hero/:id": "moderator",
  "DELETE /api/hero/:id": "moderator",
  "GET /api/spell": "public",
  "GET /api/spell/filters": "public",
  "GET /api/spell/:id": "public",
  "POST /api/spell": "moderator",
  "PUT /api/spell/:id": "moderator",
  "DELETE /api/spell/:id": "moderator",
  "GET /api/gameinfo": "public",
  "GET /api/gameinfo/categories": "public",
  "GET /api/gameinfo/featured": "public",
  "GET /api/gameinfo/slug/:slug": "public",
  "GET /api/gameinfo/:id": "public",
  "GET /api/gameinfo/:id/related": "public",
  "GET /api/gameinfo/slug/:slug/related": "public",
  "POST /api/gameinfo": "moderator",
  "PUT /api/gameinfo/:id": "moderator",
  "DELETE /api/gameinfo/:id": "moderator",
  "GET /api/media": "public",
  "GET /api/media/filters": "public",
  "GET /api/media/status-counts": "moderator",
  "POST /api/media/review": "moderator",
  "GET /api/media/categories": "public",
  "GET /api/media/categories/:id": "public",
  "POST /api/media/categories": "admin",
  "PUT /api/media/categories/:id": "admin",
  "DELETE /api/media/categories/:id": "admin",
  "GET /api/media/:id": "public",
  "POST /api/media": "moderator",
  "PUT /api/media/:id": "moderator",
  "DELETE /api/media/:id": "moderator",
  "POST /api/media/:id/thumbnails": "moderator",
  "POST /api/media/:id/view": "public",
  "POST /api/admin/regenerate-thumbnails": "moderator",
  "POST /api/thumbnailsync/trigger-manual": "moderator",
  "GET /api/history": "moderator",
  "POST /api/history/:id/restore": "moderator",
  // Read only: every other method on /api/audit answers 405 (tests/worker/audit.test.ts).
  "GET /api/audit": "admin",
  "GET /api/audit/filters": "admin",
  "GET /api/search": "public",
  "GET /api/backlinks": "public",
  "GET /api/wiki/broken-links": "moderator",
  "POST /api/wiki/preview": "moderator",
  "GET /api/settings/public": "public",
  "GET /api/settings": "admin",
  "PUT /api/settings": "admin",
  "POST /api/uploads": "moderator",
  "GET /api/uploads": "moderator",
  "GET /api/uploads/:id": "moderator",
  "PUT /api/uploads/:id/parts/:n": "moderator",
  "PUT /api/uploads/:id/poster": "moderator",
  "POST /api/uploads/:id/complete": "moderator",
  "DELETE /api/uploads/:id": "moderator",
};

type Caller = "guest" | "user" | "moderator" | "admin" | "deactivated" | "revoked";
const CALLERS: Caller[] = ["guest", "user", "moderator", "admin", "deactivated", "revoked"];

/** The expected class of answer: "ok" (gate passed), or the status of the refusal. */
function expected(access: Access, caller: Caller): "ok" | 401 | 403 {
  if (caller === "deactivated" || caller === "revoked") return 401;
  if (access === "public") return "ok";
  if (caller === "guest") return 401;
  if (access === "signed-in") return "ok";
  if (access === "moderator") return caller === "user" ? 403 : "ok";
  return caller === "admin" ? "ok" : 403;
}

/** Every method + path the API app mounts (middleware entries are "ALL"). */
const mounted = () => [...new Set(api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];

const ids: Partial<Record<Caller, number>> = {};

beforeAll(async () => {
  const roles: Record<Exclude<Caller, "guest">, Role[]> = {
    user: ["User"],
    moderator: ["User", "Moderator"],
    admin: ["User", "Admin"],
    deactivated: ["User", "Admin"],
    revoked: ["User", "Admin"],
  };
  for (const [caller, r] of Object.entries(roles)) ids[caller as Caller] = (await createUser(env, { roles: r, isActive: caller !== "deactivated" })).id;
});

/** A fresh token per request (logout or refresh by one call must not change the next), and for the revoked one a bookmark from before. */
async function tokenOf(caller: Caller): Promise<{ token?: string; bookmark?: string }> {
  if (caller === "guest") return {};
  const token = await tokenFor(env, ids[caller]!);
  if (caller !== "revoked") return { token };
  const before = env.DB.withSession("first-primary");
  await before.prepare("SELECT 1").first();
  await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), ids.revoked!).run();
  return { token, bookmark: before.getBookmark() ?? undefined };
}

const generation = async () => (await storedEdgeGeneration())?.id ?? null;

const concrete = (path: string) => path.replace(/:slug/g, "no-such-slug").replace(/:[A-Za-z]+/g, "999999");

describe("authorisation matrix", () => {
  it("has an entry for every mounted API route, and no entry for a route that is gone", () => {
    const routes = mounted();
    expect(routes.filter((r) => !(r in MATRIX)), "routes without a matrix entry").toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r)), "matrix entries without a route").toEqual([]);
  });

  it(`answers every route × ${CALLERS.join(", ")} as the matrix says (never 5xx)`, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of mounted()) {
      const [method, path] = route.split(" ") as [string, string];
      for (const caller of CALLERS) {
        const { token, bookmark } = await tokenOf(caller);
        const before = await generation();
        const res = await call(concrete(path), {
          method,
          token,
          ip: uniqueIp(),
          headers: bookmark ? { "X-D1-Bookmark": bookmark } : {},
          ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
        });
        await res.body?.cancel();
        checked++;
        const want = expected(MATRIX[route]!, caller);
        const got = res.status;
        const ok = got < 500 && (want === "ok" ? got !== 401 && got !== 403 : got === want);
        if (!ok) failures.push(`${route} as ${caller}: ${got}, expected ${want}`);
        const after = await generation();
        if (got >= 400 && before !== null && after !== before) failures.push(`${route} as ${caller}: refused with ${got} but started a new edge-cache generation`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(mounted().length * CALLERS.length);
    console.log(`authorisation matrix: ${mounted().length} routes × ${CALLERS.length} callers = ${checked} requests`);
  }, 120_000);
});
