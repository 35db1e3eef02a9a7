import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import * as schema from "../db/schema";
import type { AppEnv } from "../env";

/** Gives every request a drizzle handle over D1 as `c.var.db`. */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", drizzle(c.env.DB, { schema }));
  await next();
});
