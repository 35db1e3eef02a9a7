import { Hono } from "hono";
import { readEtag } from "../middleware/read-etag";
import { getSettings, saveSettings } from "../db/queries/settings";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { contentWrite } from "../middleware/content-write";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";
import { siteSettingsUpdateSchema, toPublicSettings } from "../../shared/schemas/settings";
import { notFound, staleVersion } from "../lib/errors";

/** Visitors' copy of the public settings is short-lived: a change reaches them within seconds. */
const PUBLIC_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

/**
 * /api/settings — the site settings, stored in D1 (one row). Admins read and write all of them;
 * everyone reads the public subset the SPA needs (site name, comments, registration, upload
 * limit, maintenance).
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/public", readEtag(), validate("query", emptyQuerySchema), async (c) => {
    const settings = toPublicSettings(await getSettings(c.get("db")));
    c.header("Cache-Control", PUBLIC_CACHE_CONTROL);
    return c.json(settings, 200);
  })
  .get("/", requireAdmin, validate("query", emptyQuerySchema), async (c) => {
    const settings = await getSettings(c.get("db"));
    c.header("Cache-Control", "no-store");
    return c.json(settings, 200);
  })
  // A versioned write: based on an older `updatedAt` than the stored one, 409 stale_version with
  // the stored settings (worker/db/queries/versioned.ts).
  .put("/", requireAdmin, contentWrite, validate("json", siteSettingsUpdateSchema), async (c) => {
    const { updatedAt: version, ...input } = c.req.valid("json");
    const written = await saveSettings(c.get("db"), c.get("user")!.id, input, version);
    if (!written.ok) throw written.kind === "stale" ? staleVersion(written.current) : notFound("Settings");
    c.header("Cache-Control", "no-store");
    return c.json(written.value, 200);
  });
