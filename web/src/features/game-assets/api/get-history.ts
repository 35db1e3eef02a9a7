import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { HistoryEntityType } from "@shared/history";
import { api, unwrap } from "@/lib/api-client";

/** GET /api/history?entity=&id= (moderators): one record's changes, newest first; always fresh. */
export function useHistory(entity: HistoryEntityType, id: number | null, page = 1) {
  const query = { entity, id: String(id), page: String(page), pageSize: "20" };
  return useSWR(id === null ? null : apiKey("/api/history", query), () => unwrap(api.api.history.$get({ query })), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

/** POST /api/history/{id}/restore: puts the change's old values back (a new change). */
export async function restoreChange(changeId: number, updatedAt?: string) {
  return unwrap(api.api.history[":id"].restore.$post({ param: { id: String(changeId) }, json: { updatedAt } }));
}
