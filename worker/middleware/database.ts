import { createMiddleware } from "hono/factory";
import { openDatabase } from "../db/client";
import type { AppEnv } from "../env";

/** Gives every request a drizzle handle over D1 as `c.var.db`. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", openDatabase(c.env.DB));
  await next();
});
