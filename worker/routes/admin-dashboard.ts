import { Hono } from "hono";
import { dashboardStats } from "../db/queries/dashboard";
import type { AppEnv } from "../env";
import { requireModerator } from "../middleware/auth";
import { validate } from "../middleware/validate";
import { emptyQuerySchema } from "../../shared/schemas/query";
import { isAdminRole } from "@shared/roles";

/**
 * GET /api/admin/dashboard/stats: moderator level.
 * Members' e-mail addresses in the recent list go to administrators only.
 */
export const adminDashboardRoutes = new Hono<AppEnv>().use(requireModerator).get("/stats", validate("query", emptyQuerySchema), async (c) => {
  const stats = await dashboardStats(c.get("db"));
  const admin = isAdminRole(c.get("user")?.roles);
  const users = stats.recentActivity.users.map(({ email, ...rest }) => (admin ? { ...rest, email } : { ...rest, email: null }));
  c.header("Cache-Control", "no-store");
  return c.json({ ...stats, recentActivity: { ...stats.recentActivity, users } }, 200);
});
