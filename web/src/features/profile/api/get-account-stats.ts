import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "@/lib/api-client";

export const ACCOUNT_STATS_KEY = apiKey("/api/account/stats");

/** GET /api/account/stats: what the member wrote, uploaded and changed, and when they joined. */
export const getAccountStats = () => unwrap(api.api.account.stats.$get({ query: {} }));

/** The profile's community statistics, read fresh when the profile opens. */
export function useAccountStats() {
  return useSWR(ACCOUNT_STATS_KEY, getAccountStats, { revalidateOnMount: true, revalidateOnFocus: false });
}
