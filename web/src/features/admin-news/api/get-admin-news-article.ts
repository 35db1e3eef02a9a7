import type { NewsArticle } from "@schemas/news";
import { api, unwrap } from "@/lib/api-client";
import { useFreshLoad } from "@/lib/fresh-load";
import { newsKeys } from "@/lib/news-cache";

/**
 * GET /api/news/{id} for the editor (moderators also get drafts): always loaded when the editor
 * opens, never the copy the news pages cached, so the version it saves against is current.
 */
export function useAdminNewsArticle(id: number | null) {
  return useFreshLoad(id === null ? null : newsKeys.article(id), (): Promise<NewsArticle> => unwrap(api.api.news[":id"].$get({ param: { id: String(id) }, query: {} })));
}
