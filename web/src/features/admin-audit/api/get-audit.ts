import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { Paged } from "@schemas/query";
import type { AuditEntry, AuditFilters } from "@schemas/audit";
import { api, unwrap } from "@/lib/api-client";

/** The log's filters as query values (what the page's URL holds and GET /api/audit takes). */
export type AuditUrlQuery = Partial<Record<"user" | "entityType" | "entityId" | "action" | "from" | "to" | "page", string>>;

/** GET /api/audit (admins): one page of the log, newest first; read again whenever the page opens. `null`: nothing to ask (bad filters). */
export function useAuditLog(query: AuditUrlQuery | null) {
  return useSWR(query && apiKey("/api/audit", query), (): Promise<Paged<AuditEntry>> => unwrap(api.api.audit.$get({ query: query! })), {
    keepPreviousData: true,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

/** GET /api/audit/filters: the users, entity types and actions the log holds, with counts. */
export function useAuditFilters() {
  return useSWR("/api/audit/filters", (): Promise<AuditFilters> => unwrap(api.api.audit.filters.$get({ query: {} })), {
    revalidateOnMount: true,
  });
}
