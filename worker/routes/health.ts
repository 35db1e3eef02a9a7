import { Hono } from "hono";
import { pingDatabase } from "../db/queries/health";
import type { AppEnv } from "../env";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";

/** Liveness plus a real D1 round trip. */
export const healthRoutes = new Hono<AppEnv>().get("/", validate("query", emptyQuerySchema), async (c) => {
  const started = Date.now();
  try {
    await pingDatabase(c.get("db"));
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" as const, database: "ok" as const, latencyMs: Date.now() - started }, 200);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", where: "health", error: String(err) }));
    return c.json({ status: "degraded" as const, database: "unreachable" as const, latencyMs: Date.now() - started }, 503);
  }
});
