import { Hono } from "hono";
import { dashboardStats } from "../db/queries/dashboard";
import type { AppEnv } from "../env";
import { requireModerator } from "../middleware/auth";

/** GET /api/admin/dashboard/stats: moderator level (spec §2 "Dashboard", §3 "Dashboard stats"). */
export const adminDashboardRoutes = new Hono<AppEnv>().use(requireModerator).get("/stats", async (c) => {
  const stats = await dashboardStats(c.get("db"));
  c.header("Cache-Control", "no-store");
  return c.json(stats, 200);
});
