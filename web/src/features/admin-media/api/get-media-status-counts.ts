import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { mediaKeys } from "@shared/media-keys";

/** GET /api/media/status-counts (moderators): how many items wait, are approved, were rejected. */
export function useMediaStatusCounts() {
  return useSWR(mediaKeys.statusCounts(), () => unwrap(api.api.media["status-counts"].$get({ query: {} })), { revalidateOnMount: true, dedupingInterval: 0 });
}
