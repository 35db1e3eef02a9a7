import useSWR from "swr";
import type { NewsArticle } from "@schemas/news";
import { api, unwrap } from "@/lib/api-client";
import { newsKeys } from "@/lib/news-cache";

/** GET /api/news/{id} for the editor (moderators also get drafts); always fresh. */
export function useAdminNewsArticle(id: number | null) {
  return useSWR(
    id === null ? null : newsKeys.article(id),
    (): Promise<NewsArticle> => unwrap(api.api.news[":id"].$get({ param: { id: String(id) } })),
    { revalidateOnMount: true, dedupingInterval: 0, keepPreviousData: false },
  );
}
