import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";

export const DASHBOARD_STATS_KEY = apiKey("/api/admin/dashboard/stats");

/** GET /api/admin/dashboard/stats (moderator level): counts and the latest users and articles. */
export function getDashboardStats() {
  return unwrap(api.api.admin.dashboard.stats.$get({ query: {} }));
}

export type DashboardStats = Awaited<ReturnType<typeof getDashboardStats>>;

/** The dashboard's numbers, fresh on every visit. */
export function useDashboardStats() {
  return useSWR(DASHBOARD_STATS_KEY, getDashboardStats, { dedupingInterval: 0, revalidateOnMount: true });
}
